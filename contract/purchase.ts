/**
 * Purchase contracts and remittances (spec part 2, sections 2, 3, 5, 7; API.md, Purchase contracts).
 * Purchases are domestic: totals, prices and remittances are in CNY.
 */
import { z } from 'zod';
import { dateOnly, digitsToNumber, idField, idParam, optionalFilter, pageQuery, wholeNumberField } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
import {
  asList,
  blankToUndefined,
  feeField,
  moneyField,
  requiredText,
  storagePathField,
  storagePathMessage,
  textTooLong,
} from './fields';
// The pieces both contract forms share (the party, car lines, optional ids): see contract-form.ts.
import * as contractForm from './contract-form';
import { stageMessages, handOverAnswerSchema } from './stage';
import { vinField } from './vehicle';

/** Contract type (spec part 2, section 3): 1 new car, 2 used car. */
export const PURCHASE_TYPES = { newCar: 1, usedCar: 2 } as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[keyof typeof PURCHASE_TYPES];
export const purchaseTypeLabels: Record<PurchaseType, string> = { 1: '新车', 2: '二手车' };
/** The info page's wording (spec: "1 new-car contract, otherwise used-car contract"). */
export const purchaseTypeContractLabels: Record<PurchaseType, string> = { 1: '新车合同', 2: '二手车合同' };

/** Remittance status: 0 not completed, 1 completed (remit_total ≥ total). */
export const REMIT_STATUS = { open: 0, done: 1 } as const;
export const remitStatusLabels: Record<0 | 1, string> = { 0: '未完成', 1: '已完成' };

export const PURCHASE_CURRENCY = 'CNY' as const;
export const MAX_PURCHASE_CONTRACT_FILES = 5;
/** The export's file name, before the date and random part the server adds. */
export const PURCHASE_EXPORT_FILE_NAME = '采购合同';

/** The longest text each field of the purchase form takes; the form uses the same numbers. */
export const purchaseTextLimits = {
  purchase_no: 50,
  name: contractForm.partyTextLimits.name,
  address: contractForm.partyTextLimits.address,
  contact_way: contractForm.partyTextLimits.contact_way,
  model: 100,
  order_no: 50,
  input: 100,
} as const;

/** What the form calls each text field; the too-long messages name it. */
export const purchaseTextLabels = {
  purchase_no: '采购合同号',
  name: contractForm.partyTextLabels.name,
  address: contractForm.partyTextLabels.address,
  contact_way: contractForm.partyTextLabels.contact_way,
  model: '车型车系',
} as const;

/** What the forms call each amount; every money message starts with it. */
export const purchaseMoneyLabels = {
  total: '合同总额',
  price: '采购价格',
  invoice: '服务费',
  other: '其他费用',
  remit: '本次打款金额',
  totalFilter: '合同总额',
} as const;

/** How many VINs a refusal names before it says how many there are in all. */
const NAMED_VINS = 10;
const namedVins = (vins: readonly string[]): string =>
  vins.length <= NAMED_VINS ? vins.join('、') : `${vins.slice(0, NAMED_VINS).join('、')} 等 ${vins.length} 台`;

export const purchaseMessages = {
  // The form (spec part 2, section 5), in the order of its rules.
  totalRequired: '请输入合同总额',
  typeRequired: '请选择合同类型',
  purchaseNoRequired: '请输入采购合同号',
  purchaseNoTooLong: textTooLong(purchaseTextLabels.purchase_no, purchaseTextLimits.purchase_no),
  amountRequired: '请输入采购数量',
  amountFormat: '采购数量只能填写正整数',
  customerNameRequired: '请完善客户信息',
  customerTypeRequired: '请选择客户类型',
  addressRequired: '请完善客户地址',
  vinRequired: '请输入车架号',
  vinFormat: '车架号格式错误',
  modelRequired: '请输入车型车系',
  priceRequired: '请输入采购价格',
  invoiceRequired: '请输入服务费',
  typeFirst: '请先选择合同类型',
  typeFirstForImport: '请先选择合同类型',
  tooManyCarsOnAdd: '添加的车辆数不能超过合同订购总数',
  tooManyCars: '添加的车辆数不能超过合同总数',
  countPositiveInteger: '只能填写正整数',
  excelTooLarge: '文件过大，要读取的excel文件不应超过100KB',
  duplicateVinInForm: (vin: string) => `车架号 ${vin} 重复`,
  contractsTooMany: '最多上传5份合同文件',
  contractOnlyOne: '只能上传一份文件!',
  contractFileType: '文件类型错误!',
  contractFileSize: '上传文件大小不能超过 3MB!',
  storagePath: storagePathMessage,
  removeCarConfirm: '是否确定要将本车从该合同中移除?',
  orderNoForImport: '请输入海外合同号',
  // The server's refusals.
  purchaseNoTaken: '采购合同号已存在',
  vinOnOtherPurchase: (vin: string, purchaseNo: string) => `车架号 ${vin} 已在采购合同 ${purchaseNo} 中`,
  customerUnknown: '所选客户不存在',
  customerTypeUnknown: '客户类型不存在',
  orderUnknown: '所选海外合同不存在',
  // DOMAIN.md: every car on a purchase contract that belongs to an overseas contract belongs to its order_id.
  carsOfOtherOrder: (vins: readonly string[], orderNos: readonly string[]) =>
    `车架号 ${namedVins(vins)} 属于海外合同 ${orderNos.join('、')}，与所选海外合同不一致`,
  /** A form naming no overseas contract whose cars belong to several: one purchase serves one contract. */
  carsNeedTheirOrder: (vins: readonly string[], orderNos: readonly string[]) =>
    `车架号 ${namedVins(vins)} 分属海外合同 ${orderNos.join('、')}，一份采购合同只能对应一份海外合同，请分开采购`,
  importOrderUnknown: '海外合同不存在',
  carNotOnPurchase: (id: number) => `车辆 ${id} 不在此合同中`,
  carRemovedMovedOn: (vin: string) => `车辆 ${vin} 已移交后续环节，不能从采购合同中移除`,
  deleteHandedOver: '该采购合同已有车辆移交入库，不能删除',
  batchWithoutOrder: '该采购合同未关联海外合同，不能批量移交',
  carLinesClosed: '该采购合同已移交入库，不能再增减车辆',
  // The list and its dialogs.
  deleteConfirm: '是否确定删除本条采购合同（本操作不可逆）？',
  deleted: '删除成功!',
  handOverConfirm: '是否确定要将该业务移交入库流程?',
  batchHandOverConfirm: '是否确定要将该海外合同下所有未移交的采购合同移交入库流程?',
  skipYardOption: '免入库：车辆不进场，直接移交车管（上牌/过户）',
  handOverDone: stageMessages.handOverDone,
  handOverFailed: stageMessages.handOverFailed,
  keptTitle: stageMessages.keptTitle,
  nothingHandedOver: stageMessages.nothingHandedOver,
  nothingHandedOverDetail: '本次没有车辆移交入库：这些采购合同的车辆都已移交，或已不在采购环节。',
  carLinesClosedNote: '该采购合同已移交入库，车辆不能再增减；价格、服务费和其他费用仍可修改。',
  remitTitle: '采购合同打款',
  remitAmountRequired: '请填写本次打款金额',
  bankSlipRequired: '请上传银行回单',
  remitDone: '操作成功',
  remitFailed: '操作失败',
  created: '新建成功',
  updated: '编辑成功',
  saveFailed: '操作失败',
  updateFailed: '编辑失败',
  exportFailed: '下载失败!',
} as const;

/** One car line of the purchase form (purchase side's prices, CNY). */
export const purchaseCarLine = z.strictObject({
  id: contractForm.carLineId,
  vin: vinField(purchaseMessages.vinRequired, purchaseMessages.vinFormat),
  model: requiredText(purchaseTextLabels.model, purchaseTextLimits.model, purchaseMessages.modelRequired),
  price: moneyField({
    label: purchaseMoneyLabels.price,
    allowZero: false,
    requiredMessage: purchaseMessages.priceRequired,
  }),
  /** Service fee: required (the form starts it at 0), 0 allowed. */
  invoice: moneyField({
    label: purchaseMoneyLabels.invoice,
    allowZero: true,
    requiredMessage: purchaseMessages.invoiceRequired,
  }),
  other: feeField(purchaseMoneyLabels.other),
});
export type PurchaseCarLineInput = z.input<typeof purchaseCarLine>;
export type PurchaseCarLine = z.output<typeof purchaseCarLine>;

/**
 * The purchase form (spec part 2, section 5), in the order of its messages so that the first failing
 * rule is the one the form shows first. `b_status` is the form's draft marker: accepted and ignored.
 */
const purchaseFields = {
  total: moneyField({
    label: purchaseMoneyLabels.total,
    allowZero: false,
    requiredMessage: purchaseMessages.totalRequired,
  }),
  type: z.preprocess(
    (value) => digitsToNumber(blankToUndefined(value)),
    z.literal([1, 2], { error: purchaseMessages.typeRequired }),
  ),
  purchase_no: requiredText(
    purchaseTextLabels.purchase_no,
    purchaseTextLimits.purchase_no,
    purchaseMessages.purchaseNoRequired,
  ),
  amount: wholeNumberField(purchaseMessages.amountRequired, purchaseMessages.amountFormat, 1, 100_000),
  customer_id: contractForm.optionalId,
  name: contractForm.partyNameField(purchaseMessages.customerNameRequired),
  type_id: z.preprocess(blankToUndefined, idField(purchaseMessages.customerTypeRequired)),
  address: contractForm.partyAddressField(purchaseMessages.addressRequired),
  contact_way: contractForm.partyContactField(),
  /** The overseas contract whose cars this contract buys, if any. */
  order_id: contractForm.optionalId,
  contracts: z.preprocess(
    asList,
    z
      .array(storagePathField(storagePathMessage), { error: storagePathMessage })
      .max(MAX_PURCHASE_CONTRACT_FILES, purchaseMessages.contractsTooMany),
  ),
  car: z.preprocess(asList, z.array(purchaseCarLine, { error: '车辆列表格式不正确' }).max(100_000)),
  b_status: z.unknown().optional(),
};

/** Car count never above the amount; one VIN once per contract. */
const checkCars = contractForm.checkCarLines('car', purchaseMessages);

export const purchaseBody = z.strictObject(purchaseFields).superRefine(checkCars);
export type PurchaseBodyInput = z.input<typeof purchaseBody>;
export type PurchaseBody = z.output<typeof purchaseBody>;

/** The edit: the same form with the `updated_at` it read (stale save → 409). */
export const purchaseUpdateBody = z
  .strictObject({ ...purchaseFields, updated_at: z.string().optional() })
  .superRefine(checkCars);
export type PurchaseUpdateBodyInput = z.input<typeof purchaseUpdateBody>;
export type PurchaseUpdateBody = z.output<typeof purchaseUpdateBody>;

const textFilter = (max: number) => optionalFilter(z.string().trim().max(max));

export const purchaseListQuery = pageQuery.extend({
  order_no: textFilter(purchaseTextLimits.order_no),
  purchase_no: textFilter(purchaseTextLimits.purchase_no),
  remit_status: optionalFilter(z.preprocess(digitsToNumber, z.literal([0, 1], { error: '打款状态不正确' }))),
  /** One box for all: matches the purchase number, the customer name or a VIN. */
  input: textFilter(purchaseTextLimits.input),
  vin: textFilter(17),
  start_time: optionalFilter(dateOnly),
  end_time: optionalFilter(dateOnly),
  /** The contract total, exact. */
  total: optionalFilter(moneyField({ label: purchaseMoneyLabels.totalFilter, allowZero: true })),
  name: textFilter(purchaseTextLimits.name),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;
/** The export takes the list's own filters; paging is ignored. */
export const purchaseExportQuery = purchaseListQuery.omit({ page: true, limit: true });
export type PurchaseExportQuery = z.infer<typeof purchaseExportQuery>;

export const purchaseImportCarsQuery = z.object({
  order_no: z.preprocess(
    blankToUndefined,
    z
      .string({ error: purchaseMessages.orderNoForImport })
      .trim()
      .min(1, purchaseMessages.orderNoForImport)
      .max(purchaseTextLimits.order_no, purchaseMessages.importOrderUnknown),
  ),
});
export type PurchaseImportCarsQuery = z.infer<typeof purchaseImportCarsQuery>;

export const remitBody = z.strictObject({
  amount: moneyField({
    label: purchaseMoneyLabels.remit,
    allowZero: false,
    requiredMessage: purchaseMessages.remitAmountRequired,
  }),
  bank_slips: z.preprocess(blankToUndefined, storagePathField(purchaseMessages.bankSlipRequired)),
});
export type RemitBodyInput = z.input<typeof remitBody>;
export type RemitBody = z.output<typeof remitBody>;

// ---- answers ----

/** A car line of a purchase contract: the purchase side's prices, yuan. */
export const purchaseCarSchema = contractForm.contractCarBaseSchema.extend({
  price: z.number().nullable(),
  /** Service fee. */
  invoice: z.number(),
  /** Other fees. */
  other: z.number(),
});
export type PurchaseCar = z.infer<typeof purchaseCarSchema>;

export const remitSchema = z.object({
  id: z.number(),
  purchase_id: z.number(),
  amount: z.number(),
  currency: z.literal(PURCHASE_CURRENCY),
  bank_slips: z.string().nullable(),
  created_at: z.string(),
});
export type Remit = z.infer<typeof remitSchema>;

const purchaseTypeSchema = z.literal([1, 2]);
const remitStatusSchema = z.literal([0, 1]);

/** A row of `GET /api/purchase`: the spec's card with its vehicles. */
export const purchaseListItemSchema = z.object({
  id: z.number(),
  purchase_no: z.string(),
  type: purchaseTypeSchema,
  order_id: z.number().nullable(),
  /** The overseas contract's number, when the contract names one. */
  order_no: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  /** Number of vehicles bought. */
  amount: z.number(),
  total: z.number(),
  remit_total: z.number(),
  remit_status: remitStatusSchema,
  /** 1 once the contract was handed to the yard (移交入库). */
  handed_over: z.literal([0, 1]),
  created_at: z.string(),
  updated_at: z.string(),
  car: z.array(purchaseCarSchema),
});
export type PurchaseListItem = z.infer<typeof purchaseListItemSchema>;

/** `GET /api/purchase/{id}`: the contract with everything the edit form and the info page show. */
export const purchaseSchema = purchaseListItemSchema.extend({
  customer_address: z.string().nullable(),
  customer_contact_way: z.string().nullable(),
  customer_type_id: z.number().nullable(),
  /** The customer type's name, for the info page. */
  customer_type: z.string().nullable(),
  contracts: z.array(z.string()),
  handed_over_at: z.string().nullable(),
  remit: z.array(remitSchema),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const importCarSchema = z.object({ id: z.number(), vin: z.string(), model: z.string().nullable() });
/** The overseas contract's cars on no purchase contract, and its id: the purchase contract is linked to it. */
export const importCarsAnswerSchema = z.object({ order_id: z.number(), car: z.array(importCarSchema) });
export type ImportCarsAnswer = z.infer<typeof importCarsAnswerSchema>;

/**
 * `handOver` / `batchHandOver` with `no_entry=1`: the cars skip the yard as well (免入库), in the same
 * transaction, so a clerk whose cars never enter the yard does it from the purchase list in one step
 * instead of visiting 入库出库 for each car (issue 24). Absent or 0: the spec's hand-over to the yard.
 */
export const handOverQuery = z.object({
  no_entry: z.preprocess(blankToUndefined, z.enum(['0', '1'], { message: '免入库参数不正确' }).optional()),
});
export type HandOverQuery = z.infer<typeof handOverQuery>;

/** Every endpoint of the purchase area (API.md, Purchase contracts). */
export const purchaseEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/purchase',
    query: purchaseListQuery,
    response: paged(purchaseListItemSchema),
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/purchase/export',
    query: purchaseExportQuery,
    response: exportAnswerSchema,
  }),
  importCars: endpoint({
    method: 'GET',
    path: '/api/purchase/importCars',
    query: purchaseImportCarsQuery,
    response: importCarsAnswerSchema,
  }),
  create: endpoint({ method: 'POST', path: '/api/purchase', body: purchaseBody, response: createdId, status: 201 }),
  get: endpoint({ method: 'GET', path: '/api/purchase/:id', params: idParam, response: purchaseSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/api/purchase/:id',
    params: idParam,
    body: purchaseUpdateBody,
    response: createdId,
  }),
  delete: endpoint({ method: 'DELETE', path: '/api/purchase/:id', params: idParam, response: null, status: 204 }),
  remit: endpoint({
    method: 'POST',
    path: '/api/purchase/:id/remit',
    params: idParam,
    body: remitBody,
    response: createdId,
    status: 201,
  }),
  handOver: endpoint({
    method: 'PUT',
    path: '/api/purchase/:id/handOver',
    params: idParam,
    query: handOverQuery,
    response: handOverAnswerSchema,
  }),
  batchHandOver: endpoint({
    method: 'PUT',
    path: '/api/purchase/:id/batchHandOver',
    params: idParam,
    query: handOverQuery,
    response: handOverAnswerSchema,
  }),
};
