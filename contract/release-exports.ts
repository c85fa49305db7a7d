/**
 * The export declaration (出口报关, spec part 2, sections 2, 3, 5, 7; API.md, Cars: exportsAdd,
 * exportsEdit, exportsRead) and the release hand-over (releaseHandOver) that moves exported and
 * released vehicles to filing. One declaration covers vehicles of one overseas contract. Its documents
 * are the slots of `stageTable.exports` (four required, two optional, up to 25 other photos), so the
 * form, the server and the rate (n/6) say the same thing.
 *
 * The release hand-over lives here rather than in a file of its own: API.md names the release list's
 * endpoints after the declaration (exportsLists, exExport), the hand-over is the step the declaration
 * completes (a vehicle moves once released *and* exported), and the server serves all of them from
 * one module (server/src/modules/release).
 */
import { z } from 'zod';
import { idField, optionalFilter, pageQuery, recordDay } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
import { asList, blankToUndefined, limitedText, optionalMoneyField, storagePathMessage, textTooLong } from './fields';
import { CURRENCIES, DEFAULT_CURRENCY } from './overseas';
import { orderMessages } from './overseas-messages';
import { releasePassSchema } from './release';
import { stageMessages, handOverAnswerSchema } from './stage';
import {
  photoAnswers,
  slotMissing,
  slotTooMany,
  stageDocumentAnswers,
  stageDocumentFields,
  stageEditBody,
  stageRecordFields,
  stageSlotDirs,
  stageSlots,
  vinList,
} from './stage-record-schema';
import { deadlineBriefSchema } from './deadline';

/** The declaration's single documents, in the form's order (the stage table's slots). */
export const EXPORTS_DOCUMENTS = stageDocumentFields('exports');
export type ExportsDocument = (typeof EXPORTS_DOCUMENTS)[number];

/** The declaration's document slots (contract/stage.ts), by API field. */
export const exportsSlots = stageSlots('exports');

/** Each file field with the upload slot its files come from (the server's file check). */
export const exportsSlotDirs = stageSlotDirs('exports');

/** How many vehicles one declaration may hold: far more than a contract's, and a bound on the request. */
export const EXPORTS_MAX_VEHICLES = 500;
export const BGD_SN_MAX = 50;
export const exportsLabels = {
  bgd_sn: '报关单号',
  exports_date: '出口日期',
  exports_money: '出口金额',
  currency: '币种',
} as const;

export const exportsMessages = {
  // The form (spec part 2, section 5).
  orderRequired: '请先选择绑定海外合同号',
  vinRequired: '请先选择要出口的车辆',
  vinFormat: '车架号格式错误',
  xkzImageRequired: slotMissing(exportsSlots.xkz_image),
  bgzlImageRequired: slotMissing(exportsSlots.bgzl_image),
  bgdImageRequired: slotMissing(exportsSlots.bgd_image),
  tdImageRequired: slotMissing(exportsSlots.td_image),
  carImageTooMany: slotTooMany(exportsSlots.car_image),
  tooManyVehicles: `一份出口报关记录最多包含${EXPORTS_MAX_VEHICLES}台车辆`,
  bgdSnTooLong: textTooLong(exportsLabels.bgd_sn, BGD_SN_MAX),
  exportsDate: `${exportsLabels.exports_date}格式不正确`,
  currencyFormat: orderMessages.currencyFormat,
  storagePath: storagePathMessage,
  exportsIdRequired: '出口报关记录不存在',
  purchaseIdRequired: '采购合同不存在',
  readOneOf: '请指定出口报关记录或采购合同',
  // The server's refusals.
  orderUnknown: '所选海外合同不存在',
  /** The contract is chosen once; the edit form shows it locked. */
  orderLocked: '出口报关记录的海外合同不能更改',
  vehicleUnknown: (vin: string) => `车架号 ${vin} 不存在`,
  /** Every vehicle of a declaration is one of its overseas contract's (the transfer list offers no other). */
  notOnOrder: (vin: string, orderNo: string) => `车辆 ${vin} 不属于海外合同 ${orderNo}，不能在此报关`,
  alreadyDeclared: (vin: string) => stageMessages.alreadyRecorded(vin, 'exports'),
  /** A vehicle handed on to filing was exported on this declaration: it cannot be taken off it. */
  droppedMovedOn: (vin: string) => `车辆 ${vin} 已移交归档，不能从出口报关记录中移除`,
  fileNotUploaded: '文件不存在，请重新上传',
  // The release hand-over (spec part 2, section 4).
  handOverEmpty: '请先选择要移交的采购合同',
  purchaseUnknown: '采购合同不存在',
  handOverTitle: '出口放行移交',
  handOverConfirm: '是否确定要将该采购合同下所有符合条件的车辆移交归档流程?',
  handOverDone: stageMessages.handOverDone,
  handOverFailed: stageMessages.handOverFailed,
  // The screens.
  created: '新建成功',
  updated: '编辑成功',
  saveFailed: '操作失败',
  updateFailed: '编辑失败',
} as const;

/**
 * The declaration form, in the order of the spec's messages (the contract, the vehicles, then the four
 * required documents), so that the first failing rule is the one the form shows first.
 */
const exportsFields = stageRecordFields('exports', {
  /** The overseas contract the declaration is bound to. */
  before: { order_id: idField(exportsMessages.orderRequired) },
  /** The VINs of the declared vehicles (`vin[]` in the spec's form post). */
  vin: vinList({
    required: exportsMessages.vinRequired,
    format: exportsMessages.vinFormat,
    max: EXPORTS_MAX_VEHICLES,
    tooMany: exportsMessages.tooManyVehicles,
  }),
  fields: {
    currency: z.preprocess(
      (value) => blankToUndefined(value) ?? DEFAULT_CURRENCY,
      z.enum(CURRENCIES, { error: exportsMessages.currencyFormat }),
    ),
    /** The customs declaration number (报关单号). */
    bgd_sn: limitedText(exportsLabels.bgd_sn, BGD_SN_MAX),
    exports_date: z.preprocess(blankToUndefined, recordDay(exportsMessages.exportsDate).optional()),
    /** In yuan or dollars with at most two decimals; stored in fen (cents). */
    exports_money: optionalMoneyField({ label: exportsLabels.exports_money, allowZero: false }),
  },
});

export const exportsAddBody = z.strictObject(exportsFields);
export type ExportsAddBodyInput = z.input<typeof exportsAddBody>;
export type ExportsAddBody = z.output<typeof exportsAddBody>;

/** The edit: the same form with the record's id and the `updated_at` it read (stale save → 409). */
export const exportsEditBody = stageEditBody('exports_id', exportsMessages.exportsIdRequired, exportsFields);
export type ExportsEditBodyInput = z.input<typeof exportsEditBody>;
export type ExportsEditBody = z.output<typeof exportsEditBody>;

/** `exportsRead?exportsId=` (one record) or `?purchaseId=` (the records of that purchase contract's vehicles). */
export const exportsReadQuery = z
  .object({
    exportsId: z.preprocess(blankToUndefined, idField(exportsMessages.exportsIdRequired).optional()),
    purchaseId: z.preprocess(blankToUndefined, idField(exportsMessages.purchaseIdRequired).optional()),
  })
  .refine((query) => (query.exportsId === undefined) !== (query.purchaseId === undefined), {
    message: exportsMessages.readOneOf,
    path: ['exportsId'],
  });
export type ExportsReadQuery = z.infer<typeof exportsReadQuery>;

/** `PUT releaseHandOver`: the purchase contracts whose exported and released vehicles go to filing. */
export const releaseHandOverBody = z.strictObject({
  purchase_id: z.preprocess(
    asList,
    z
      .array(idField(exportsMessages.purchaseUnknown), { error: exportsMessages.handOverEmpty })
      .min(1, exportsMessages.handOverEmpty)
      .max(1000, exportsMessages.handOverEmpty),
  ),
});
export type ReleaseHandOverBodyInput = z.input<typeof releaseHandOverBody>;

// ---- answers ----

/** A vehicle on the declaration (the spec's `exportscar`). */
export const exportsCarSchema = z.object({ car_id: z.number(), vin: z.string(), model: z.string().nullable() });

/** `exportsRead`: the declaration with its overseas contract, vehicles, fields and documents. */
export const exportsRecordSchema = z.object({
  id: z.number(),
  exports_id: z.number(),
  order_id: z.number(),
  order_no: z.string().nullable(),
  /** The legacy shape of the contract number (spec part 2, section 3: `order[0].order_no`). */
  order: z.array(z.object({ id: z.number(), order_no: z.string() })),
  /** The purchase contract every declared vehicle shares, or null when they come from several. */
  purchase_id: z.number().nullable(),
  exportscar: z.array(exportsCarSchema),
  currency: z.enum(CURRENCIES),
  bgd_sn: z.string().nullable(),
  exports_date: z.string().nullable(),
  /** Yuan or dollars (two decimals), as typed; null when none was. */
  exports_money: z.number().nullable(),
  ...stageDocumentAnswers('exports'),
  ...photoAnswers,
  /** The share of the six documents present, in whole percent (computed on save). */
  rate: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExportsRecord = z.infer<typeof exportsRecordSchema>;

/** Every endpoint of the export declaration and the release hand-over (API.md, Cars). */
export const exportsEndpoints = {
  /** One record for `exportsId`, a list (oldest first) for `purchaseId`. */
  read: endpoint({
    method: 'GET',
    path: '/api/car/exportsRead',
    query: exportsReadQuery,
    response: z.union([exportsRecordSchema, z.array(exportsRecordSchema)]),
  }),
  add: endpoint({ method: 'POST', path: '/api/car/exportsAdd', body: exportsAddBody, response: createdId }),
  edit: endpoint({ method: 'POST', path: '/api/car/exportsEdit', body: exportsEditBody, response: createdId }),
  handOver: endpoint({
    method: 'PUT',
    path: '/api/car/releaseHandOver',
    body: releaseHandOverBody,
    response: handOverAnswerSchema,
  }),
};

// ---- the release list (出口放行) and the release detail page (放行详情) ----

/**
 * A vehicle's code on the release list (spec part 2, section 4; DOMAIN.md, codes): 6 neither exported
 * nor released, 7 exported only, 8 released only, 9 both. A stage value above 0 means its record exists.
 */
export const RELEASE_LIST_CODES = [6, 7, 8, 9] as const;
export type ReleaseListCode = (typeof RELEASE_LIST_CODES)[number];
export const releaseListCodeLabels: Record<ReleaseListCode, string> = {
  6: '待出口/待放行',
  7: '已出口/待放行',
  8: '待出口/已放行',
  9: '已出口/已放行',
};
export const releaseListCode = (exports: number, release: number): ReleaseListCode =>
  exports > 0 ? (release > 0 ? 9 : 7) : release > 0 ? 8 : 6;

/** The group of vehicles without an overseas contract, and a contract's missing customer. */
export const NOT_LINKED = '未关联';
/** The export's sheet and file name. */
export const RELEASE_LIST_FILE_NAME = '出口放行列表';
export const RELEASE_LIST_TEXT_MAX = 50;

export const releaseListMessages = {
  empty: '暂无数据',
  noRecords: '暂无相关记录',
  exportFailed: '下载失败!',
  purchaseUnknown: '采购合同不存在',
} as const;

/** `GET exportsLists` (spec part 2, sections 2 and 7): the overseas contract number and the VIN, each "contains". */
export const releaseListQuery = pageQuery.extend({
  order_no: optionalFilter(z.string().trim().max(RELEASE_LIST_TEXT_MAX)),
  vin: optionalFilter(z.string().trim().max(17)),
});
export type ReleaseListQuery = z.infer<typeof releaseListQuery>;
export const releaseListExportQuery = releaseListQuery.omit({ page: true, limit: true });
export type ReleaseListExportQuery = z.infer<typeof releaseListExportQuery>;

/** A vehicle of a release list group: its export declaration and release pass where they exist. */
export const releaseListCarSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  purchase_id: z.number().nullable(),
  purchase_no: z.string().nullable(),
  /** The export declaration holding it (编辑出口), its rate of the six documents and export date. */
  exports_id: z.number().nullable(),
  rate: z.number().nullable(),
  exports_date: z.string().nullable(),
  /** The release pass holding it. */
  release_id: z.number().nullable(),
  /** 6 to 9 (`releaseListCodeLabels`). */
  status: z.literal(RELEASE_LIST_CODES),
  /** The car's most urgent open 出口报关 or 临时牌照到期 deadline (issue 25); null when none. */
  deadline: deadlineBriefSchema.nullable(),
});
export type ReleaseListCar = z.infer<typeof releaseListCarSchema>;

/** A purchase contract holding vehicles of a group (放行详情, the group's 移交归档). */
export const releaseListPurchaseSchema = z.object({ purchase_id: z.number(), purchase_no: z.string() });

/**
 * One group of `exportsLists`: an overseas contract (or, with `order_id` null, the vehicles of none:
 * 未关联) and its vehicles waiting in the release flow that match the filters. `id` is the contract's
 * id, 0 for 未关联 (a row key, and the `order_id` of the detail page's path).
 */
export const releaseListGroupSchema = z.object({
  id: z.number(),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The overseas contract's vehicle count (采购数量); null for 未关联. */
  amount: z.number().nullable(),
  purchases: z.array(releaseListPurchaseSchema),
  car: z.array(releaseListCarSchema),
});
export type ReleaseListGroup = z.infer<typeof releaseListGroupSchema>;

/** `releaseDetail?purchaseId=` (API.md). */
export const releaseDetailQuery = z.object({ purchaseId: idField(releaseListMessages.purchaseUnknown) });

/** The release detail page: the purchase contract, its export declarations and its release passes. */
export const releaseDetailSchema = z.object({
  purchase: z.object({
    id: z.number(),
    purchase_no: z.string(),
    /** The seller. */
    customer_name: z.string().nullable(),
    /** The purchase contract's vehicle count. */
    amount: z.number(),
    order_id: z.number().nullable(),
    order_no: z.string().nullable(),
  }),
  /** Oldest first; a declaration may also hold vehicles of other purchase contracts of its overseas contract. */
  exports: z.array(exportsRecordSchema),
  /** Oldest first. */
  releases: z.array(releasePassSchema),
});
export type ReleaseDetail = z.infer<typeof releaseDetailSchema>;

/** The release list, its export and the release detail (API.md, Cars: exportsLists, exExport, releaseDetail). */
export const releaseListEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/car/exportsLists',
    query: releaseListQuery,
    response: paged(releaseListGroupSchema),
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/car/exExport',
    query: releaseListExportQuery,
    response: exportAnswerSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/car/releaseDetail',
    query: releaseDetailQuery,
    response: releaseDetailSchema,
  }),
};
