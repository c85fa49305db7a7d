/**
 * The vehicle file (车辆档案, `GET /api/vehicle/{id}/file`, API.md "Beyond the seeds"): one car's stages,
 * its document checklist and where it is, in one answer. The checklist's slots come from the stage
 * table (contract/stage.ts); its history is read apart, with `GET /api/history?vehicle_id=`.
 */
import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';
import { FLOWS, STAGES, type Stage, stageTable } from './stage';
import { deadlineBriefSchema } from './deadline';

export const vehicleFileMessages = {
  notFound: '车辆不存在',
  missing: '缺少',
  noEntry: '免入库',
} as const;

/** 1 a new car (plated), 2 a used car (transferred): its purchase contract's type; null before purchase. */
export const CAR_TYPES = { new: 1, used: 2 } as const;
export const carTypeLabels: Record<1 | 2, string> = { 1: '新车', 2: '二手车' };

/**
 * The eight stages in the order a car lives them (DOMAIN.md): check-in, its registry stage (plating for
 * a new car, transfer for a used one), release, export, then the three filings. A car without a purchase
 * contract yet (type unknown) is shown as a new one would be.
 */
export const stagesInLifeOrder = (carType: 1 | 2 | null): Stage[] => [
  'entry',
  carType === CAR_TYPES.used ? 'transfer' : 'plate',
  'release',
  'exports',
  'drawback',
  'archive',
  'freight',
];

/** A slot counts for the checklist when its record cannot be saved without it or it counts toward value 2. */
export const checklistRequired = (stage: Stage, field: string): boolean => {
  const slot = stageTable[stage].slots.find((candidate) => candidate.field === field);
  if (!slot) return false;
  return slot.required || (stageTable[stage].completion === 'allCounted' && slot.counted);
};

const stageValueSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const vehicleFileSchema = z.object({
  vehicle: z.object({
    id: z.number(),
    vin: z.string(),
    model: z.string().nullable(),
    car_type: z.union([z.literal(1), z.literal(2)]).nullable(),
    flow: z.enum(FLOWS).nullable(),
    /** Handed on to the registry with 免入库: its check-in is not missing, it was never needed. */
    no_entry: z.boolean(),
    entry: stageValueSchema,
    plate: stageValueSchema,
    release: stageValueSchema,
    transfer: stageValueSchema,
    exports: stageValueSchema,
    drawback: stageValueSchema,
    archive: stageValueSchema,
    freight: stageValueSchema,
  }),
  order: z
    .object({ id: z.number(), order_no: z.string(), customer_name: z.string(), country: z.string().nullable() })
    .nullable(),
  /** A car has at most one purchase contract today; a list, so that API.md's shape holds if that changes. */
  purchases: z.array(
    z.object({ id: z.number(), purchase_no: z.string(), type: z.union([z.literal(1), z.literal(2)]) }),
  ),
  /** The seven stages that apply, in the car's order of life (stagesInLifeOrder). */
  stages: z.array(
    z.object({
      stage: z.enum(STAGES),
      label: z.string(),
      value: stageValueSchema,
      record_id: z.number().nullable(),
      /** When the record was made and by whom; null without a record. */
      done_at: z.string().nullable(),
      done_by: z.string().nullable(),
      /** The record's `updated_at`, for a save from the file through the record's edit endpoint (stale-save 409). */
      updated_at: z.string().nullable(),
    }),
  ),
  /** Every slot of every stage the car has reached, in stage order then the stage table's slot order. */
  documents: z.array(
    z.object({
      stage: z.enum(STAGES),
      field: z.string(),
      label: z.string(),
      required: z.boolean(),
      files: z.array(z.object({ path: z.string(), name: z.string() })),
    }),
  ),
  completeness: z.object({ present: z.number(), required: z.number() }),
  missing: z.array(z.object({ stage: z.enum(STAGES), field: z.string(), label: z.string() })),
  /** The car's open deadlines of rules that are on, soonest first (DOMAIN.md "Deadlines"). */
  deadlines: z.array(deadlineBriefSchema),
});
export type VehicleFile = z.infer<typeof vehicleFileSchema>;

export const vehicleFileEndpoints = {
  file: endpoint({
    method: 'GET',
    path: '/api/vehicle/:id/file',
    params: z.object({ id: idField(vehicleFileMessages.notFound) }),
    response: vehicleFileSchema,
  }),
};
