/**
 * The filing forms' calls, one table per step (退税, 注销, 运费): what each form reads when editing, how it
 * saves, its words and titles. The bodies are the contract's (contract/filed.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ArchiveAddBodyInput,
  type DrawbackAddBodyInput,
  filedEndpoints,
  filedLabels,
  filedMessages,
  filedMoneyLabels,
  type FiledRecordCar,
  type FreightAddBodyInput,
  freightSlots,
} from '../../../../../contract/filed';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { filedQueryKey, type FiledStep } from './filed-cars';

export type FilingStep = FiledStep;

/** A saved record as the edit form reads it: its vehicles, its documents by API field, its `updated_at`. */
export interface FilingRecord {
  id: number;
  order_id: number;
  cars: { id: number; vin: string; model: string | null }[];
  updated_at: string;
  [field: string]: unknown;
}

const carsOf = (cars: readonly FiledRecordCar[]) =>
  cars.map((car) => ({ id: car.car_id, vin: car.vin, model: car.model }));

export const getArchiveRecord = async (id: number, options?: RequestOptions): Promise<FilingRecord> => {
  const record = await call(filedEndpoints.archiveSingle, { query: { archiveId: id } }, options);
  return { ...record, cars: carsOf(record.archivecar) };
};

export const getDrawbackRecord = async (id: number, options?: RequestOptions): Promise<FilingRecord> => {
  const record = await call(filedEndpoints.drawbackSingle, { query: { drawbackId: id } }, options);
  return { ...record, cars: carsOf(record.drawbackcar) };
};

export const getFreightRecord = async (id: number, options?: RequestOptions): Promise<FilingRecord> => {
  const record = await call(filedEndpoints.freightSingle, { query: { freightId: id } }, options);
  return { ...record, cars: carsOf(record.freightcar) };
};

/** What every form's save sends: the contract, the VINs, the documents' fields. */
export type FilingBody = { order_id: number; vin: string[] } & Record<string, unknown>;

export interface FilingStepScreen {
  title: string;
  editTitle: string;
  /** The left pane (待退税车辆…) and what it says when nothing waits. */
  waitingTitle: string;
  emptyText: string;
  carsTitle: string;
  /** The card of the amount (where the step has one). */
  moneyTitle?: string;
  documentsTitle: string;
  /** What the documents decide (freight is complete only with both). */
  documentsNote?: string;
  missing: string;
  messages: { created: string; updated: string; saveFailed: string; updateFailed: string; vinRequired: string };
  /** The form shows the server's refusal itself (above the fields), so the client's toast stays quiet. */
  create: (body: FilingBody) => Promise<unknown>;
  update: (id: number, body: FilingBody & { updated_at?: string }) => Promise<unknown>;
  read?: (id: number, options?: RequestOptions) => Promise<FilingRecord>;
  /** The record's amount in CNY (issue 26: 退税金额, 运费金额), optional: blank = not yet recorded. */
  money?: { field: MoneyField; label: string };
}

/** The filing records' amounts (CNY), which profit reads. */
export type MoneyField = keyof typeof filedMoneyLabels;

const saveMessages = {
  created: filedMessages.created,
  updated: filedMessages.updated,
  saveFailed: filedMessages.saveFailed,
  updateFailed: filedMessages.updateFailed,
};

export const filingSteps: Record<FilingStep, FilingStepScreen> = {
  drawback: {
    title: '退税',
    editTitle: '编辑退税',
    waitingTitle: filedLabels.drawbackSource,
    emptyText: '该合同没有待退税的车辆',
    carsTitle: '退税车辆',
    moneyTitle: '退税金额',
    documentsTitle: '',
    missing: '该退税记录不存在或已被删除',
    messages: { ...saveMessages, vinRequired: filedMessages.drawbackVinRequired },
    create: (body) => call(filedEndpoints.drawbackAdd, { body: body as DrawbackAddBodyInput }, { silent: true }),
    // Issue 26: a refund's amount often comes after the record, so the record is edited like the others.
    update: (id, body) =>
      call(
        filedEndpoints.drawbackEdit,
        { body: { ...(body as DrawbackAddBodyInput), drawback_id: id } },
        { silent: true },
      ),
    read: getDrawbackRecord,
    money: { field: 'drawback_money', label: filedMoneyLabels.drawback_money },
  },
  archive: {
    title: '注销',
    editTitle: '编辑注销',
    waitingTitle: filedLabels.archiveSource,
    emptyText: '该合同没有待注销的车辆',
    carsTitle: '注销车辆',
    documentsTitle: '注销资料',
    missing: '该注销记录不存在或已被删除',
    messages: { ...saveMessages, vinRequired: filedMessages.archiveVinRequired },
    create: (body) => call(filedEndpoints.archiveAdd, { body: body as ArchiveAddBodyInput }, { silent: true }),
    update: (id, body) =>
      call(
        filedEndpoints.archiveEdit,
        { body: { ...(body as ArchiveAddBodyInput), archive_id: id } },
        { silent: true },
      ),
    read: getArchiveRecord,
  },
  freight: {
    title: '运费',
    editTitle: '编辑运费',
    waitingTitle: filedLabels.freightSource,
    emptyText: '该合同没有待录入运费的车辆',
    carsTitle: '运费车辆',
    moneyTitle: '运费金额',
    documentsTitle: '运费资料',
    // The stage table's `allCounted`: without both, the vehicles' freight stays 运费资料不全.
    documentsNote: `${freightSlots.yffp_image.label}和${freightSlots.yffkd_image.label}都上传后，运费才算完成`,
    missing: '该运费记录不存在或已被删除',
    messages: { ...saveMessages, vinRequired: filedMessages.freightVinRequired },
    create: (body) => call(filedEndpoints.freightAdd, { body: body as FreightAddBodyInput }, { silent: true }),
    update: (id, body) =>
      call(
        filedEndpoints.freightEdit,
        { body: { ...(body as FreightAddBodyInput), freight_id: id } },
        { silent: true },
      ),
    read: getFreightRecord,
    money: { field: 'freight_money', label: filedMoneyLabels.freight_money },
  },
};

export const filingRecordQuery = (step: FilingStep, id: number) =>
  queryOptions({
    queryKey: [...filedQueryKey, 'record', step, id] as const,
    queryFn: ({ signal }) => {
      const read = filingSteps[step].read;
      if (!read) throw new Error(filingSteps[step].missing);
      return read(id, { signal });
    },
  });

/** The edited record (none for a new one). */
export function useFilingRecord(step: FilingStep, id: number | undefined) {
  return useQuery({
    ...filingRecordQuery(step, id ?? 0),
    enabled: id !== undefined && id > 0 && filingSteps[step].read !== undefined,
    // A form must not be refilled under the clerk's choices when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
