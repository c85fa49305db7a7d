/**
 * The vehicle file (车辆档案, API.md "Beyond the seeds"): one car's stages in its order of life, the
 * document checklist of every stage it has reached, and what is missing, from three index reads.
 */
import { withoutInvisibles } from '../../../../contract/file-names';
import { FLOWS, type Flow, STAGES, type Stage, stageTable } from '../../../../contract/stage';
import {
  checklistRequired,
  stagesInLifeOrder,
  type VehicleFile,
  vehicleFileMessages,
} from '../../../../contract/vehicle-file';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-errors';
import { PHOTO_FIELD } from '../../lifecycle/stage-storage';
import { formatTimestamp } from '../../time';
import { parseFileList } from '../upload/stored-file-list';
import { findUploadedFileNames } from '../upload/upload.repository';
import { vehicleDeadlines } from '../deadline/deadline.service';
import { findFileVehicle, findStageRecords, type StageRecordRow } from './vehicle-file.repository';

type CarType = 1 | 2;
const carTypeOf = (type: number | null): CarType | null => (type === 1 || type === 2 ? type : null);

/**
 * Whether the car's work has reached a stage: the stage's flow is its current flow or an earlier one (a
 * car at release has reached check-in, its registry stage, release and export). A car not bought yet
 * (no flow) has reached none.
 */
const reached = (stage: Stage, flow: Flow | null): boolean =>
  flow !== null && FLOWS.indexOf(stageTable[stage].flow) <= FLOWS.indexOf(flow);

/** The stored paths of one slot of a record: a single document's path, or each photo of the list. */
const pathsOf = (field: string, stored: string | null): string[] => {
  if (stored === null || stored === '') return [];
  return field === PHOTO_FIELD ? parseFileList(stored) : [stored];
};

/** A stored path's own file name, for a file no upload row names (an imported or seeded path). */
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

export const readVehicleFile = async ({ db, config }: AppContext, id: number): Promise<VehicleFile> => {
  // Both at once (PostgreSQL answers them on two connections): the records of all eight stages, since
  // which registry stage applies is known only from the vehicle's purchase contract.
  const [vehicle, found] = await Promise.all([findFileVehicle(db, id), findStageRecords(db, id, STAGES)]);
  if (!vehicle) throw notFound(vehicleFileMessages.notFound);
  const carType = carTypeOf(vehicle.purchase_type);
  const stages = stagesInLifeOrder(carType);
  const records = new Map<Stage, StageRecordRow>(found.map((record) => [record.stage, record]));
  const noEntry = vehicle.no_entry === 1;

  // Stages whose slots the checklist lists: those reached, and any with a record (made to correct it).
  // A car handed on with 免入库 never needed a check-in: its slots are not listed unless one was made.
  const listed = stages.filter((stage) => {
    if (records.has(stage)) return true;
    if (stage === 'entry' && noEntry) return false;
    return reached(stage, vehicle.flow);
  });
  const slots = listed.flatMap((stage) =>
    stageTable[stage].slots.map((slot, index) => ({
      stage,
      field: slot.field,
      label: slot.label,
      required: checklistRequired(stage, slot.field),
      paths: pathsOf(slot.field, records.get(stage)?.documents[index] ?? null),
    })),
  );
  const names = await findUploadedFileNames(
    db,
    slots.flatMap((slot) => slot.paths),
  );
  const documents = slots.map(({ paths, ...slot }) => ({
    ...slot,
    files: paths.map((path) => ({ path, name: withoutInvisibles(names.get(path) ?? '') || baseName(path) })),
  }));
  const required = documents.filter((document) => document.required);
  const missing = required.filter((document) => document.files.length === 0);

  return {
    vehicle: {
      id: vehicle.id,
      vin: vehicle.vin,
      model: vehicle.model,
      car_type: carType,
      flow: vehicle.flow,
      no_entry: noEntry,
      entry: vehicle.entry,
      plate: vehicle.plate,
      release: vehicle.release,
      transfer: vehicle.transfer,
      exports: vehicle.exports,
      drawback: vehicle.drawback,
      archive: vehicle.archive,
      freight: vehicle.freight,
    },
    order:
      vehicle.order_id === null
        ? null
        : {
            id: vehicle.order_id,
            order_no: vehicle.order_no ?? '',
            customer_name: vehicle.customer_name ?? '',
            country: vehicle.customer_country,
          },
    purchases:
      vehicle.purchase_id === null || carType === null
        ? []
        : [{ id: vehicle.purchase_id, purchase_no: vehicle.purchase_no ?? '', type: carType }],
    stages: stages.map((stage) => {
      const record = records.get(stage);
      return {
        stage,
        label: stageTable[stage].label,
        value: vehicle[stage],
        record_id: record?.id ?? null,
        done_at: record ? formatTimestamp(record.created_at, config.timeZone) : null,
        done_by: record?.created_by ?? null,
        // In the form every answer shows (+08:00), which the record's edit endpoint takes back.
        updated_at: record ? formatTimestamp(record.updated_at, config.timeZone) : null,
      };
    }),
    documents,
    completeness: { present: required.length - missing.length, required: required.length },
    missing: missing.map(({ stage, field, label }) => ({ stage, field, label })),
    // The car's open deadlines of rules that are on, soonest first (issue 25).
    deadlines: await vehicleDeadlines(db, id),
  };
};
