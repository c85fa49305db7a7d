import { z } from 'zod';
import { digitsToNumber, idField, idParam } from './common';
import { endpoint } from './endpoint';
import { blankToUndefined } from './fields';
import { withoutInvisibles } from './file-names';

/** 17 characters, digits and capital letters without I, O and Q (DOMAIN.md). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const VIN_LENGTH = 17;

/**
 * How every VIN is stored and compared (DOMAIN.md): full-width letters and digits folded to ASCII
 * (NFKC: `ＬＦＶ` from a Chinese input method is `LFV`), the characters nobody sees removed (a
 * zero-width space pasted from a web page or a spreadsheet), trimmed, upper case. Judged after this,
 * everywhere a VIN is accepted: typed, pasted, imported or sent to the API.
 */
export const normalizeVin = (vin: string): string => withoutInvisibles(vin.normalize('NFKC')).trim().toUpperCase();

export const isValidVin = (vin: string): boolean => VIN_PATTERN.test(normalizeVin(vin));

export const carMessages = {
  vinRequired: '请输入车架号',
  vinFormat: '车架号格式错误',
  modelRequired: '请输入车型车系',
  priceRequired: '请输入车辆售价',
  lookupTooMany: '一次最多查询2000个车架号',
  detachDone: '移除成功',
  detachModel: '请指定要移除的合同类型',
  detachConfirm: '是否确定要将本车从该合同中移除?',
  notOnContract: '该车辆不在此合同中',
  detachHasRecords: (vin: string) => `车辆 ${vin} 已有出口或归档记录，不能从合同中移除`,
  detachMovedOn: (vin: string) => `车辆 ${vin} 已移交后续环节，不能从采购合同中移除`,
  carListsFlag: '请选择要查询的记录类型',
  orderRequired: '请选择海外合同',
  typeFormat: '类型不正确',
} as const;

/**
 * A VIN typed in a form: trimmed and upper-cased before the 17-character check, so `" lsvab…"` passes
 * as `"LSVAB…"`. `required` is the message of an empty field, `format` of a malformed one.
 */
export const vinField = (required: string = carMessages.vinRequired, format: string = carMessages.vinFormat) =>
  z.string({ error: required }).transform(normalizeVin).pipe(z.string().min(1, required).regex(VIN_PATTERN, format));

/** `GET /api/car/exists`: type 1 is the purchase form, 2 the overseas form (both only fill in the model). */
export const CAR_EXISTS_TYPES = { purchase: 1, order: 2 } as const;
export const carExistsQuery = z.object({
  vin: z.string({ error: carMessages.vinRequired }).trim().min(1, carMessages.vinRequired),
  type: z.preprocess(digitsToNumber, z.literal([1, 2], { error: carMessages.typeFormat })),
  /** The contract being edited: its own cars are not "on another contract". */
  id: z.preprocess(blankToUndefined, idField('合同编号不正确').optional()),
});
export type CarExistsQuery = z.infer<typeof carExistsQuery>;
/** What the forms send: the VIN as typed, the form's side, and the contract being edited if any. */
export interface CarExistsQueryInput {
  vin: string;
  type: (typeof CAR_EXISTS_TYPES)[keyof typeof CAR_EXISTS_TYPES];
  id?: number;
}

export const carExistsAnswerSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  /** Type 2: the other overseas contract that already holds the VIN, else null. */
  order_no: z.string().nullable(),
  /** Type 1: the other purchase contract that already holds the VIN, else null. */
  purchase_no: z.string().nullable(),
});
export type CarExistsAnswer = z.infer<typeof carExistsAnswerSchema>;

/**
 * `GET /api/car/search?stage=`: the step a vehicle may take next (DOMAIN.md). `entry` suggests vehicles
 * in pickup without a check-in, `plate` vehicles in registry without a complete plating, and so on;
 * without a stage every vehicle matches.
 */
export const CAR_SEARCH_STAGES = [
  'entry',
  'plate',
  'transfer',
  'release',
  'exports',
  'drawback',
  'archive',
  'freight',
] as const;
export type CarSearchStage = (typeof CAR_SEARCH_STAGES)[number];

export const carSearchQuery = z.object({
  vin: z.preprocess(blankToUndefined, z.string().trim().max(VIN_LENGTH, carMessages.vinFormat).optional()),
  stage: z.preprocess(blankToUndefined, z.enum(CAR_SEARCH_STAGES, { error: '环节不正确' }).optional()),
});
export type CarSearchQuery = z.infer<typeof carSearchQuery>;

/** One suggestion of the VIN search box. */
export const carSearchItemSchema = z.object({ id: z.number(), vin: z.string() });
export type CarSearchItem = z.infer<typeof carSearchItemSchema>;

export const CAR_SEARCH_LIMIT = 20;

/** One call for a whole Excel import (docs/decisions.md): at most 2,000 VINs. */
export const CAR_LOOKUP_MAX = 2000;
export const carLookupBody = z.strictObject({
  vins: z
    .array(z.string({ error: carMessages.vinFormat }).max(64, carMessages.vinFormat), { error: '请提供车架号列表' })
    .max(CAR_LOOKUP_MAX, carMessages.lookupTooMany),
});
export type CarLookupBody = z.infer<typeof carLookupBody>;

/** Keyed by the normalised (trimmed, upper-case) VIN; VINs without a vehicle are absent. */
export const carLookupAnswerSchema = z.object({
  found: z.record(z.string(), z.object({ id: z.number(), model: z.string().nullable() })),
});
export type CarLookupAnswer = z.infer<typeof carLookupAnswerSchema>;

const detachModel = z.enum(['order', 'purchase'], { error: carMessages.detachModel });
/** `model` names the contract side; sent in the body (or, as some clients do, in the query string). */
export const carDetachBody = z.strictObject({ model: detachModel });
export type CarDetachBody = z.infer<typeof carDetachBody>;
/** The body may be missing altogether when the query string carries the model. */
export const carDetachBodyOrNone = z.preprocess((value) => value ?? undefined, carDetachBody.optional());
export const carDetachQuery = z.object({ model: z.preprocess(blankToUndefined, detachModel.optional()) });

/** `GET /api/car/carLists`: exactly one flag set to 1 names the record the cars still lack. */
export const CAR_LIST_FLAGS = ['if_freight', 'if_drawback', 'if_release', 'if_archive', 'if_exports'] as const;
export type CarListFlag = (typeof CAR_LIST_FLAGS)[number];

const flagField = z.preprocess(blankToUndefined, z.preprocess(digitsToNumber, z.literal([0, 1]).optional()));
export const carListsQuery = z.object({
  order_id: idField(carMessages.orderRequired),
  if_freight: flagField,
  if_drawback: flagField,
  if_release: flagField,
  if_archive: flagField,
  if_exports: flagField,
});
export type CarListsQuery = z.infer<typeof carListsQuery>;

export const carListItemSchema = z.object({ id: z.number(), vin: z.string(), model: z.string().nullable() });
export type CarListItem = z.infer<typeof carListItemSchema>;

/** Every endpoint of the vehicle area (API.md, Cars and their records). */
export const vehicleEndpoints = {
  exists: endpoint({ method: 'GET', path: '/api/car/exists', query: carExistsQuery, response: carExistsAnswerSchema }),
  search: endpoint({
    method: 'GET',
    path: '/api/car/search',
    query: carSearchQuery,
    response: z.array(carSearchItemSchema),
  }),
  lookup: endpoint({ method: 'POST', path: '/api/car/lookup', body: carLookupBody, response: carLookupAnswerSchema }),
  detach: endpoint({
    method: 'PUT',
    path: '/api/car/detach/:id',
    params: idParam,
    query: carDetachQuery,
    body: carDetachBodyOrNone,
    response: null,
    status: 204,
  }),
  carLists: endpoint({
    method: 'GET',
    path: '/api/car/carLists',
    query: carListsQuery,
    response: z.array(carListItemSchema),
  }),
};
