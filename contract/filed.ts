/**
 * Filing (归档, spec part 2, sections 2, 3, 5, 7; API.md, Cars: archiveLists, archiveAdd … freightSingle;
 * spec part 1's record area): after the release hand-over an overseas contract's vehicles wait for their
 * tax refund (退税, `drawback`), deregistration (注销, `archive`) and freight (运费, `freight`). Each is a
 * record covering several vehicles of one overseas contract; their documents are the slots of
 * `stageTable.drawback|archive|freight`, so the forms, the server and the status words agree. When every
 * vehicle of a contract has all three complete the contract is finished (status 6, the lifecycle's
 * `settleOrders`) and its documents can be downloaded.
 *
 * The forms' transfer lists take the vehicles still lacking a record from `GET /api/car/carLists`
 * (contract/vehicle.ts: `if_drawback`, `if_archive`, `if_freight`); an edit form adds the record's own
 * vehicles (`archivecar` / `freightcar` of the record it read).
 */
import { z } from 'zod';
import { digitsToNumber, idField, optionalFilter, pageQuery } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { optionalMoneyField, storagePathMessage } from './fields';
import { ORDER_STATUS } from './overseas';
import { type Stage, stageMessages, stageTable } from './stage';
import {
  photoAnswers,
  slotMissing,
  slotTooMany,
  stageDocumentAnswers,
  stageEditBody,
  stageRecordFields,
  stageSlotDirs,
  stageSlots,
  vinList,
} from './stage-record-schema';
import { deadlineBriefSchema } from './deadline';

/** The three filing stages, in the order the spec names them on a card (tax refund, freight, deregistration). */
export const FILED_STAGES = ['drawback', 'freight', 'archive'] as const satisfies readonly Stage[];
export type FiledStage = (typeof FILED_STAGES)[number];

/** The deregistration's one document: the certificate (required). */
export const archiveSlots = stageSlots('archive');
/** The freight record's documents: invoice and payment slip (both counted), up to 9 photos. */
export const freightSlots = stageSlots('freight');

/** Each file field with the upload slot its files come from (the server's file check). */
export const archiveSlotDirs = stageSlotDirs('archive');
export const freightSlotDirs = stageSlotDirs('freight');

/** How many vehicles one record may hold: far more than a contract's, and a bound on the request. */
export const FILED_MAX_VEHICLES = 500;

/** The filed list's status filters (spec part 2, section 4: filed statuses). */
export const FILED_STATUS = { pending: 0, done: 2 } as const;
export type FiledStatus = (typeof FILED_STATUS)[keyof typeof FILED_STATUS];
export const filedStatusLabels: Record<FiledStatus, string> = { 0: '未完成', 2: '已完成' };

export const filedLabels = {
  order_no: '海外合同号',
  vin: '车架号',
  drawback: '退税状态',
  archive: '注销状态',
  freight: '运费状态',
  customer: '客户',
  count: '车辆数',
  zxzm_image: archiveSlots.zxzm_image.label,
  yffp_image: freightSlots.yffp_image.label,
  yffkd_image: freightSlots.yffkd_image.label,
  car_image: freightSlots.car_image.label,
  // The card's buttons (spec part 2, section 2).
  drawbackButton: '退税',
  archiveButton: '注销',
  freightButton: '运费',
  downloadButton: '下载',
  detailButton: '详情',
  // The tax-refund page (spec part 2, section 2): the transfer list's two sides.
  drawbackSource: '待退税车辆',
  chosen: '已选车辆',
  archiveSource: '待注销车辆',
  freightSource: '待录入运费车辆',
} as const;

/**
 * One vehicle's word per stage on a card: done, not yet, or (freight only: a record lacking its invoice or
 * payment slip) documents missing. The card joins them in `FILED_STAGES` order (`filedCarText`).
 */
export const filedStageText = (stage: FiledStage, value: number): string => {
  const label = stageTable[stage].label;
  if (value === 2) return `${label}已完成`;
  if (value === 1) return `${label}资料不全`;
  return `${label}未完成`;
};

/** The combined pending/done text of a card's vehicle: `退税已完成，运费未完成，注销已完成`. */
export const filedCarText = (car: Record<FiledStage, number>): string =>
  FILED_STAGES.map((stage) => filedStageText(stage, car[stage])).join('，');

export const filedMessages = {
  // The forms (spec part 2, section 5; the tax-refund wording from issue 11).
  orderRequired: '请先选择海外合同',
  drawbackVinRequired: '请先选择要退税的车辆',
  archiveVinRequired: '请先选择要注销的车辆',
  freightVinRequired: '请先选择要录入运费的车辆',
  vinFormat: '车架号格式错误',
  zxzmImageRequired: slotMissing(archiveSlots.zxzm_image),
  carImageTooMany: slotTooMany(freightSlots.car_image),
  tooManyVehicles: `一条记录最多包含${FILED_MAX_VEHICLES}台车辆`,
  storagePath: storagePathMessage,
  archiveIdRequired: '注销记录不存在',
  freightIdRequired: '运费记录不存在',
  drawbackIdRequired: '退税记录不存在',
  status: '状态只能是未完成或已完成',
  // The server's refusals.
  orderUnknown: '所选海外合同不存在',
  /** The record's contract is fixed when it is made; the edit form shows it locked. */
  orderLocked: '记录的海外合同不能更改',
  vehicleUnknown: (vin: string) => `车架号 ${vin} 不存在`,
  /** Every vehicle of a record is one of its overseas contract's (the transfer list offers no other). */
  notOnOrder: (vin: string, orderNo: string) => `车辆 ${vin} 不属于海外合同 ${orderNo}`,
  alreadyRecorded: (vin: string, stage: FiledStage) => stageMessages.alreadyRecorded(vin, stage),
  fileNotUploaded: '文件不存在，请重新上传',
  // The screens.
  created: '新建成功',
  updated: '编辑成功',
  saveFailed: '操作失败',
  updateFailed: '编辑失败',
  empty: '暂无数据',
  noRecords: '暂无相关记录',
} as const;

const vins = (required: string) =>
  vinList({
    required,
    format: filedMessages.vinFormat,
    max: FILED_MAX_VEHICLES,
    tooMany: filedMessages.tooManyVehicles,
  });
/** The overseas contract a record is bound to, named before its vehicles. */
const order = { order_id: idField(filedMessages.orderRequired) };

// ---- tax refund (退税): the contract and its vehicles, nothing else ----

/** The amounts profit reads (issue 26, CNY): absent (or blank) = not yet recorded; 0 is a recorded amount. */
export const filedMoneyLabels = { freight_money: '运费金额', drawback_money: '退税金额' } as const;
const freightMoney = {
  freight_money: optionalMoneyField({ label: filedMoneyLabels.freight_money, allowZero: true }),
};
const drawbackMoney = {
  drawback_money: optionalMoneyField({ label: filedMoneyLabels.drawback_money, allowZero: true }),
};

/** `POST drawbackAdd` (spec part 2, section 3: order_id, vin list; issue 26: the refund amount). */
const drawbackFields = stageRecordFields('drawback', {
  before: order,
  vin: vins(filedMessages.drawbackVinRequired),
  fields: drawbackMoney,
});
export const drawbackAddBody = z.strictObject(drawbackFields);
export type DrawbackAddBodyInput = z.input<typeof drawbackAddBody>;
export type DrawbackAddBody = z.output<typeof drawbackAddBody>;
/**
 * `POST drawbackEdit` (issue 26): the record's cars and amount, as the add form, with `updated_at` (stale
 * save → 409). An absent `drawback_money` clears the amount (the form always sends what it shows).
 */
export const drawbackEditBody = stageEditBody('drawback_id', filedMessages.drawbackIdRequired, drawbackFields);
export type DrawbackEditBodyInput = z.input<typeof drawbackEditBody>;
export type DrawbackEditBody = z.output<typeof drawbackEditBody>;
export const drawbackSingleQuery = z.object({ drawbackId: idField(filedMessages.drawbackIdRequired) });

// ---- deregistration (注销) ----

/** The deregistration form, in the order of the spec's messages: the vehicles, then the certificate. */
const archiveFields = stageRecordFields('archive', { before: order, vin: vins(filedMessages.archiveVinRequired) });
export const archiveAddBody = z.strictObject(archiveFields);
export type ArchiveAddBodyInput = z.input<typeof archiveAddBody>;
export type ArchiveAddBody = z.output<typeof archiveAddBody>;
export const archiveEditBody = stageEditBody('archive_id', filedMessages.archiveIdRequired, archiveFields);
export type ArchiveEditBodyInput = z.input<typeof archiveEditBody>;
export type ArchiveEditBody = z.output<typeof archiveEditBody>;

export const archiveSingleQuery = z.object({ archiveId: idField(filedMessages.archiveIdRequired) });
export const archiveReadQuery = z.object({ orderId: idField(filedMessages.orderRequired) });

// ---- freight (运费): both documents optional (a record without them leaves freight at 1) ----

const freightFields = stageRecordFields('freight', {
  before: order,
  vin: vins(filedMessages.freightVinRequired),
  fields: freightMoney,
});
export const freightAddBody = z.strictObject(freightFields);
export type FreightAddBodyInput = z.input<typeof freightAddBody>;
export type FreightAddBody = z.output<typeof freightAddBody>;
export const freightEditBody = stageEditBody('freight_id', filedMessages.freightIdRequired, freightFields);
export type FreightEditBodyInput = z.input<typeof freightEditBody>;
export type FreightEditBody = z.output<typeof freightEditBody>;

export const freightSingleQuery = z.object({ freightId: idField(filedMessages.freightIdRequired) });

// ---- the filed list ----

const statusFilter = optionalFilter(
  z.preprocess(digitsToNumber, z.literal([FILED_STATUS.pending, FILED_STATUS.done], { error: filedMessages.status })),
);

/**
 * `GET archiveLists`: the overseas contracts holding vehicles in filing, newest contract first, 15 a
 * page. `order_no` and `vin` contain the text. A status filter speaks of the contract's vehicles in
 * filing: 2 (已完成) when every one of them has that stage complete, 0 (未完成) when at least one has
 * not (a freight record missing a document is not complete), so the two options split the contracts.
 */
export const archiveListsQuery = pageQuery.extend({
  order_no: optionalFilter(z.string().trim().max(50)),
  vin: optionalFilter(z.string().trim().max(17)),
  drawback: statusFilter,
  archive: statusFilter,
  freight: statusFilter,
});
export type ArchiveListsQuery = z.infer<typeof archiveListsQuery>;

// ---- answers ----

const stageValueSchema = z.number();

/** A vehicle on a filed card: its filing stage values (0 none, 1 documents missing, 2 complete). */
export const filedCarSchema = z.object({
  id: z.number(),
  vin: z.string(),
  model: z.string().nullable(),
  drawback: stageValueSchema,
  archive: stageValueSchema,
  freight: stageValueSchema,
  /** The car's most urgent open 退税申报, 注销 or 运费 deadline (issue 25); null when none. */
  deadline: deadlineBriefSchema.nullable(),
});
export type FiledCar = z.infer<typeof filedCarSchema>;

/** One card of the filed list: an overseas contract and its vehicles in filing. */
export const filedCardSchema = z.object({
  id: z.number(),
  order_no: z.string(),
  customer_name: z.string().nullable(),
  /** The legacy shape of the customer's name (spec part 2, section 3: `customer.name`). */
  customer: z.object({ name: z.string() }).nullable(),
  /** 6 when finished: only then is 下载 offered. */
  status: z.number(),
  /** The contract's ordered vehicle count. */
  amount: z.number(),
  /** How many of its vehicles are in filing (the cards' rows). */
  car_count: z.number(),
  /** Every vehicle of the contract has drawback, archive and freight complete (status 6). */
  finished: z.boolean(),
  car: z.array(filedCarSchema),
  created_at: z.string(),
});
export type FiledCard = z.infer<typeof filedCardSchema>;

/** Whether a card offers 下载 (spec: only when the contract status is 6). */
export const canDownload = (card: Pick<FiledCard, 'status'>): boolean => card.status === ORDER_STATUS.finished;

/** A vehicle on a record (the spec's `archivecar` / `freightcar`). */
export const filedRecordCarSchema = z.object({ car_id: z.number(), vin: z.string(), model: z.string().nullable() });
export type FiledRecordCar = z.infer<typeof filedRecordCarSchema>;

const recordBase = {
  id: z.number(),
  order_id: z.number(),
  order_no: z.string().nullable(),
  customer_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** `archiveSingle` (and each of `archiveRead`'s): the deregistration with its vehicles and certificate. */
export const archiveRecordSchema = z.object({
  ...recordBase,
  archive_id: z.number(),
  archivecar: z.array(filedRecordCarSchema),
  ...stageDocumentAnswers('archive'),
});
export type FiledArchiveRecord = z.infer<typeof archiveRecordSchema>;

/** `freightSingle`: the freight record with its vehicles, documents and photos. */
export const freightRecordSchema = z.object({
  ...recordBase,
  freight_id: z.number(),
  freightcar: z.array(filedRecordCarSchema),
  /** CNY as a decimal (`1200.5`), null when not recorded. */
  freight_money: z.number().nullable(),
  ...stageDocumentAnswers('freight'),
  ...photoAnswers,
});
export type FiledFreightRecord = z.infer<typeof freightRecordSchema>;

/** `drawbackSingle` (issue 26, the edit page): the tax refund with its vehicles and amount. */
export const drawbackRecordSchema = z.object({
  ...recordBase,
  drawback_id: z.number(),
  drawbackcar: z.array(filedRecordCarSchema),
  /** CNY as a decimal, null when not recorded. */
  drawback_money: z.number().nullable(),
});
export type FiledDrawbackRecord = z.infer<typeof drawbackRecordSchema>;

/** Every endpoint of filing (API.md, Cars: archive, tax refund, freight). */
export const filedEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/car/archiveLists',
    query: archiveListsQuery,
    response: paged(filedCardSchema),
  }),
  archiveAdd: endpoint({ method: 'POST', path: '/api/car/archiveAdd', body: archiveAddBody, response: createdId }),
  archiveEdit: endpoint({ method: 'POST', path: '/api/car/archiveEdit', body: archiveEditBody, response: createdId }),
  archiveSingle: endpoint({
    method: 'GET',
    path: '/api/car/archiveSingle',
    query: archiveSingleQuery,
    response: archiveRecordSchema,
  }),
  /** The contract's deregistration records, oldest first. */
  archiveRead: endpoint({
    method: 'GET',
    path: '/api/car/archiveRead',
    query: archiveReadQuery,
    response: z.array(archiveRecordSchema),
  }),
  drawbackAdd: endpoint({ method: 'POST', path: '/api/car/drawbackAdd', body: drawbackAddBody, response: createdId }),
  drawbackEdit: endpoint({
    method: 'POST',
    path: '/api/car/drawbackEdit',
    body: drawbackEditBody,
    response: createdId,
  }),
  drawbackSingle: endpoint({
    method: 'GET',
    path: '/api/car/drawbackSingle',
    query: drawbackSingleQuery,
    response: drawbackRecordSchema,
  }),
  freightAdd: endpoint({ method: 'POST', path: '/api/car/freightAdd', body: freightAddBody, response: createdId }),
  freightEdit: endpoint({ method: 'POST', path: '/api/car/freightEdit', body: freightEditBody, response: createdId }),
  freightSingle: endpoint({
    method: 'GET',
    path: '/api/car/freightSingle',
    query: freightSingleQuery,
    response: freightRecordSchema,
  }),
};
