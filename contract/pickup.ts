/**
 * Check-in at the yard (入库) and the pickup list (spec part 2, sections 2, 3, 5, 7; API.md, Cars:
 * entryLists … entryExport; DOMAIN.md, flows). The documents are the slots of `stageTable.entry`, so
 * the form, the server and the status tags say the same thing.
 */
import { z } from 'zod';
import { dateOnly, digitsToNumber, idField, optionalFilter, pageQuery } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
import { asList, blankToUndefined, limitedText, storagePathMessage } from './fields';
import { handOverAnswerSchema } from './stage';
import {
  photoAnswers,
  slotMissing,
  slotTooMany,
  stageEditBody,
  stageRecordFields,
  stageSlots,
} from './stage-record-schema';
import { vinField } from './vehicle';
import { deadlineBriefSchema } from './deadline';

/** The pickup list's status filter (spec part 2, section 4): only these two options. */
export const RELEASE_STATUS = { waiting: 0, released: 2 } as const;
export const releaseStatusLabels: Record<0 | 2, string> = { 0: '待出库', 2: '已出库' };
/** The row's status word from `procedure.release` (1 and 2 both mean a release pass exists). */
export const releaseStatusLabel = (release: number): string => (release === 0 ? '待出库' : '已出库');

/** The export's sheet and file name. */
export const PICKUP_EXPORT_FILE_NAME = '入库列表';

export const pickupTextLimits = { dl_name: 50, remark: 500, order_no: 50, purchase_no: 50 } as const;
export const pickupTextLabels = { dl_name: '代理人', remark: '备注' } as const;

/** The check-in's document slots (contract/stage.ts): VIN photo, exterior photo, other photos. */
export const entrySlots = stageSlots('entry');

export const pickupMessages = {
  // The form (spec part 2, section 5); the exterior photo's "invoice image" is a slip (issue 10).
  vinFormat: '请输入正确的17位车架号VIN',
  vinImageRequired: slotMissing(entrySlots.vin_image),
  wgImageRequired: slotMissing(entrySlots.wg_image),
  carImageRequired: slotMissing(entrySlots.car_image),
  carImageTooMany: slotTooMany(entrySlots.car_image),
  entryIdRequired: '入库记录不存在',
  storagePath: storagePathMessage,
  // The server's refusals.
  vehicleUnknown: (vin: string) => `车架号 ${vin} 不存在`,
  fileNotUploaded: '照片不存在，请重新上传',
  handOverEmpty: '请先选择要移交的车辆',
  noEntryTarget: '请选择采购合同或车辆',
  purchaseUnknown: '采购合同不存在',
  carUnknown: '车辆不存在',
  releaseStatus: '出库状态不正确',
  // The screens.
  created: '新建成功',
  updated: '编辑成功',
  handOverDone: '移交成功!',
  handOverFailed: '移交失败!',
  noEntryDone: '操作成功',
  noEntryFailed: '操作失败!',
  exportFailed: '下载失败!',
} as const;

/**
 * The check-in form, in the order of the spec's messages (VIN, then the VIN photo, the exterior
 * photo, the other photos: all three required), so that the first failing rule is the one the form
 * shows first.
 */
const entryFields = stageRecordFields('entry', {
  vin: vinField(pickupMessages.vinFormat, pickupMessages.vinFormat),
  after: {
    dl_name: limitedText(pickupTextLabels.dl_name, pickupTextLimits.dl_name),
    remark: limitedText(pickupTextLabels.remark, pickupTextLimits.remark),
  },
});

export const entryAddBody = z.strictObject(entryFields);
export type EntryAddBodyInput = z.input<typeof entryAddBody>;
export type EntryAddBody = z.output<typeof entryAddBody>;

/** The edit: the same form with the record's id and the `updated_at` it read (stale save → 409). */
export const entryEditBody = stageEditBody('entry_id', pickupMessages.entryIdRequired, entryFields);
export type EntryEditBodyInput = z.input<typeof entryEditBody>;
export type EntryEditBody = z.output<typeof entryEditBody>;

export const entryReadQuery = z.object({ entryId: idField(pickupMessages.entryIdRequired) });

const textFilter = (max: number) => optionalFilter(z.string().trim().max(max));

/** `GET entryLists` (spec part 2, section 7: the pickup list's filters). */
export const pickupListQuery = pageQuery.extend({
  order_no: textFilter(pickupTextLimits.order_no),
  purchase_no: textFilter(pickupTextLimits.purchase_no),
  vin: textFilter(17),
  /** The check-in's day range, end inclusive. */
  entry_s: optionalFilter(dateOnly),
  entry_e: optionalFilter(dateOnly),
  /** The release pass's day range, end inclusive. */
  release_s: optionalFilter(dateOnly),
  release_e: optionalFilter(dateOnly),
  /** The check-in's agent. */
  dl_name: textFilter(pickupTextLimits.dl_name),
  release_status: optionalFilter(
    z.preprocess(digitsToNumber, z.literal([0, 2], { error: pickupMessages.releaseStatus })),
  ),
});
export type PickupListQuery = z.infer<typeof pickupListQuery>;
export const pickupExportQuery = pickupListQuery.omit({ page: true, limit: true });
export type PickupExportQuery = z.infer<typeof pickupExportQuery>;

const purchaseIdList = z.preprocess(
  asList,
  z
    .array(idField(pickupMessages.purchaseUnknown), { error: pickupMessages.handOverEmpty })
    .min(1, pickupMessages.handOverEmpty)
    .max(1000, pickupMessages.handOverEmpty),
);

/** `PUT entryHandOver`: the purchase contracts of the selected vehicles. */
export const entryHandOverBody = z.strictObject({ purchase_id: purchaseIdList });
export type EntryHandOverBodyInput = z.input<typeof entryHandOverBody>;

/** `PUT noentry?purchaseId=` (a whole contract) or `?carId=` (one vehicle): exactly one of them. */
export const noEntryQuery = z
  .object({
    purchaseId: z.preprocess(blankToUndefined, idField(pickupMessages.purchaseUnknown).optional()),
    carId: z.preprocess(blankToUndefined, idField(pickupMessages.carUnknown).optional()),
  })
  .superRefine((query, context) => {
    if ((query.purchaseId === undefined) === (query.carId === undefined)) {
      context.addIssue({ code: 'custom', message: pickupMessages.noEntryTarget, path: ['purchaseId'] });
    }
  });
export type NoEntryQuery = z.infer<typeof noEntryQuery>;

// ---- answers ----

/** A pickup row's check-in (the spec's `entry` list: at most one). */
export const pickupEntrySchema = z.object({ id: z.number(), dl_name: z.string().nullable(), created_at: z.string() });
/** A pickup row's release pass (the spec's `release` list: at most one). */
export const pickupReleaseSchema = z.object({ id: z.number(), created_at: z.string() });

/** A row of `entryLists`: a vehicle handed to the yard, with its check-in and release pass if any. */
export const pickupListItemSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  /** Where it is now (pickup, or a later flow once handed on). */
  flow: z.enum(['pickup', 'registry', 'release', 'filing']),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  entry: z.array(pickupEntrySchema),
  release: z.array(pickupReleaseSchema),
  /** The stage values (0, 1, 2): `release` above 0 offers 编辑出库 and reads 已出库. */
  procedure: z.object({ entry: z.number(), release: z.number() }),
  /** The car's open 入库 deadline (issue 25), null when none is open or the rule is off. */
  deadline: deadlineBriefSchema.nullable(),
});
export type PickupListItem = z.infer<typeof pickupListItemSchema>;

/** `entryRead`: the check-in with its photos, its vehicle, and its purchase contract. */
export const entrySchema = z.object({
  id: z.number(),
  entry_id: z.number(),
  car_id: z.number(),
  vin: z.string(),
  dl_name: z.string().nullable(),
  remark: z.string().nullable(),
  // Written here rather than from the stage table: the answer has always named the exterior photo first.
  wg_image: z.string().nullable(),
  vin_image: z.string().nullable(),
  ...photoAnswers,
  order_id: z.number().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The purchase contract's vehicle count (共采购 N 台). */
  amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Entry = z.infer<typeof entrySchema>;

/** Every endpoint of check-in (API.md, Cars). */
export const pickupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/car/entryLists',
    query: pickupListQuery,
    response: paged(pickupListItemSchema),
  }),
  read: endpoint({ method: 'GET', path: '/api/car/entryRead', query: entryReadQuery, response: entrySchema }),
  add: endpoint({ method: 'POST', path: '/api/car/entryAdd', body: entryAddBody, response: createdId }),
  edit: endpoint({ method: 'POST', path: '/api/car/entryEdit', body: entryEditBody, response: createdId }),
  handOver: endpoint({
    method: 'PUT',
    path: '/api/car/entryHandOver',
    body: entryHandOverBody,
    response: handOverAnswerSchema,
  }),
  noEntry: endpoint({
    method: 'PUT',
    path: '/api/car/noentry',
    query: noEntryQuery,
    response: handOverAnswerSchema,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/car/entryExport',
    query: pickupExportQuery,
    response: exportAnswerSchema,
  }),
};
