import { z } from 'zod';
import { carMessages, vinField } from './vehicle';
import { dateOnly, digitsToNumber, idField, optionalFilter, pageQuery, wholeNumberField } from './common';
import {
  asList,
  blankToUndefined,
  feeField,
  limitedText,
  moneyField,
  optionalMoneyField,
  optionalStoragePathField,
  requiredText,
  storagePathField,
  storagePathMessage,
  textTooLong,
} from './fields';
import { DEFAULT_CUSTOMER_TYPE_ID } from './customer';

export const CURRENCIES = ['USD', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

/** Overseas contract status (DOMAIN.md). */
export const ORDER_STATUS = { new: 1, handedOver: 2, finished: 6 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const MAX_CONTRACT_FILES = 5;

export const orderMessages = {
  contractsRequired: '请上传海外合同',
  contractsTooMany: '最多上传5份合同文件',
  orderNoRequired: '请输入海外合同号',
  orderNoTooLong: textTooLong('海外合同号', 50),
  amountRequired: '请输入订单总数',
  amountFormat: '订单总数只能填写正整数',
  totalRequired: '请输入订单总额',
  currencyFormat: '币种只能是 USD 或 CNY',
  customerNameRequired: '请完善客户信息',
  agentRequired: '请完善代理人信息',
  addressRequired: '请完善客户地址',
  contactRequired: '请完善客户联系方式',
  typeRequired: '请完善客户类型',
  tooManyCars: '添加的车辆数不能超过合同订购总数',
  countPositiveInteger: '只能填写正整数',
  excelTooLarge: '文件过大，要读取的excel文件不应超过100KB',
  duplicateVinInForm: (vin: string) => `车架号 ${vin} 重复`,
  storagePath: storagePathMessage,
  agreementOnlyOne: '只能上传一份文件!',
  orderNoTaken: '海外合同号已存在',
  vinOnOtherOrder: (vin: string, orderNo: string) => `车架号 ${vin} 已在海外合同 ${orderNo} 中`,
  customerUnknown: '所选客户不存在',
  currencyLocked: '合同已有收款，不能更改币种',
  agentUnknown: '所选代理人不存在',
  carNotOnOrder: (id: number) => `车辆 ${id} 不在此合同中`,
  created: '新建成功',
  updated: '编辑成功',
  handOverConfirm: '是否确定要将该业务移交采购流程?',
  handOverDone: '移交成功',
  handOverAlready: '该合同已移交采购',
  saveFailed: '操作失败',
  updateFailed: '编辑失败',
} as const;

export const receiptMessages = {
  amountRequired: '请填写收款金额',
  amountPositive: '收款金额必须大于 0',
  currencyRequired: '请选择收款币种',
  receiptNoRequired: '请填写收款单号',
  receiptedAtRequired: '请选择收款日期',
  proofRequired: '请上传支付证明',
  settlementRequired: '请填写结汇金额',
  isDepositFormat: '是否定金只能选择是或否',
  currencyMismatch: '收款币种须与合同币种一致',
  created: '操作成功',
  updated: '编辑成功',
} as const;

/** The old single money message; the car-lines editor still reads it until it moves to `moneyProblem`. */
export const moneyMessages = {
  format: '金额格式不正确，最多两位小数',
} as const;

/** Decimal with at most two places; kept for the car-lines editor until it moves to `moneyProblem`. */
export const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/** The longest text each field of the contract, car line and receipt forms takes; the forms use the same numbers. */
export const orderTextLimits = {
  order_no: 50,
  name: 100,
  agent_name: 100,
  address: 200,
  contact_way: 100,
  country: 100,
  agreement_no: 50,
  model: 100,
  receipt_no: 50,
  remitter: 100,
  registered_address: 200,
} as const;

/** What the forms call each amount; every money message starts with it. */
export const moneyLabels = {
  total: '订单总额',
  order_price: '车辆售价',
  invoice: '服务费',
  other: '其他费用',
  amount: '收款金额',
  settlement: '结汇金额',
  actual_total: '实际金额',
  totalFilter: '订单金额',
  amountFilter: '收款金额',
} as const;

/** A car line's id, or 0 for a new line. */
const idOrNew = z.preprocess(
  (value) => {
    const given = blankToUndefined(value) ?? 0;
    return given === 0 || given === '0' ? 0 : given;
  },
  z.union([z.literal(0), idField('车辆编号不正确')], { error: '车辆编号不正确' }),
);

/** One line of the vehicle list; id 0 is a new line. */
export const orderCarLine = z.strictObject({
  id: idOrNew,
  vin: vinField(carMessages.vinRequired, carMessages.vinFormat),
  model: requiredText('车型车系', orderTextLimits.model, carMessages.modelRequired),
  order_price: moneyField({
    label: moneyLabels.order_price,
    allowZero: false,
    requiredMessage: carMessages.priceRequired,
  }),
  invoice: feeField(moneyLabels.invoice),
  other: feeField(moneyLabels.other),
});
export type OrderCarLineInput = z.input<typeof orderCarLine>;
export type OrderCarLine = z.output<typeof orderCarLine>;

const optionalId = z.preprocess(
  (value) => (blankToUndefined(value) === undefined || value === 0 || value === '0' ? undefined : value),
  idField('编号不正确').optional(),
);

/**
 * The contract form (spec part 1, section 3). Keys are in the order of section 5's messages so that the
 * first failing rule is the one the form shows first. `b_status` is the form's draft marker: accepted
 * and ignored (docs/decisions.md).
 */
const orderFields = {
  contracts: z.preprocess(
    asList,
    z
      .array(storagePathField(orderMessages.contractsRequired), { error: orderMessages.contractsRequired })
      .min(1, orderMessages.contractsRequired)
      .max(MAX_CONTRACT_FILES, orderMessages.contractsTooMany),
  ),
  order_no: requiredText('海外合同号', orderTextLimits.order_no, orderMessages.orderNoRequired),
  amount: wholeNumberField(orderMessages.amountRequired, orderMessages.amountFormat, 1, 100_000),
  total: moneyField({ label: moneyLabels.total, allowZero: false, requiredMessage: orderMessages.totalRequired }),
  currency: z.preprocess(
    (value) => blankToUndefined(value) ?? 'USD',
    z.enum(CURRENCIES, { error: orderMessages.currencyFormat }),
  ),
  customer_id: optionalId,
  name: requiredText('客户名称', orderTextLimits.name, orderMessages.customerNameRequired),
  agent_id: optionalId,
  agent_name: requiredText('代理人', orderTextLimits.agent_name, orderMessages.agentRequired),
  address: requiredText('客户地址', orderTextLimits.address, orderMessages.addressRequired),
  contact_way: requiredText('联系方式', orderTextLimits.contact_way, orderMessages.contactRequired),
  country: limitedText('国家', orderTextLimits.country),
  type_id: z.preprocess(
    (value) => blankToUndefined(value) ?? DEFAULT_CUSTOMER_TYPE_ID,
    idField(orderMessages.typeRequired),
  ),
  agreement_no: limitedText('代付协议号', orderTextLimits.agreement_no),
  agreement: optionalStoragePathField(),
  cars: z.preprocess(asList, z.array(orderCarLine, { error: '车辆列表格式不正确' }).max(100_000)),
  b_status: z.unknown().optional(),
};

/** Car count never above the ordered amount; one VIN once per contract. */
const checkCars = (
  body: { amount: number; cars: { vin: string }[] },
  context: z.RefinementCtx<{ amount: number; cars: { vin: string }[] }>,
) => {
  if (body.cars.length > body.amount) {
    context.addIssue({ code: 'custom', path: ['cars'], message: orderMessages.tooManyCars });
  }
  const seen = new Set<string>();
  body.cars.forEach((car, index) => {
    if (seen.has(car.vin)) {
      context.addIssue({
        code: 'custom',
        path: ['cars', index, 'vin'],
        message: orderMessages.duplicateVinInForm(car.vin),
      });
    }
    seen.add(car.vin);
  });
};

export const orderBody = z.strictObject(orderFields).superRefine(checkCars);
/** What a client sends (numbers or strings); `OrderBody` is what the server reads after parsing. */
export type OrderBodyInput = z.input<typeof orderBody>;
export type OrderBody = z.output<typeof orderBody>;

export const orderUpdateBody = z
  .strictObject({ ...orderFields, updated_at: z.string().optional() })
  .superRefine(checkCars);
export type OrderUpdateBodyInput = z.input<typeof orderUpdateBody>;
export type OrderUpdateBody = z.output<typeof orderUpdateBody>;

export const orderListQuery = pageQuery.extend({
  order_no: optionalFilter(z.string().trim().max(50)),
  /** The contract total (订单金额), exact. */
  total: optionalFilter(moneyField({ label: moneyLabels.totalFilter, allowZero: true })),
  /** The receipt total (收款金额), exact. */
  amount: optionalFilter(moneyField({ label: moneyLabels.amountFilter, allowZero: true })),
  vin: optionalFilter(z.string().trim().max(17)),
  name: optionalFilter(z.string().trim().max(100)),
  start_time: optionalFilter(dateOnly),
  end_time: optionalFilter(dateOnly),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
/** The export takes the list's own filters; paging is ignored. */
export const orderExportQuery = orderListQuery.omit({ page: true, limit: true });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

export const orderSearchQuery = z.object({
  order_no: optionalFilter(z.string().trim().max(50)),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuery>;
export const ORDER_SEARCH_LIMIT = 20;

/** A real calendar day `YYYY-MM-DD` (2026-02-30 is refused). */
const calendarDay = (requiredMessage: string) =>
  z.preprocess(blankToUndefined, z.string({ error: requiredMessage }).pipe(dateOnly));

export const receiptCreateBody = z.strictObject({
  amount: moneyField({ label: moneyLabels.amount, allowZero: false, requiredMessage: receiptMessages.amountRequired }),
  currency: z.preprocess(blankToUndefined, z.enum(CURRENCIES, { error: receiptMessages.currencyRequired })),
  receipt_no: requiredText('收款单号', orderTextLimits.receipt_no, receiptMessages.receiptNoRequired),
  receipted_at: calendarDay(receiptMessages.receiptedAtRequired),
  is_deposit: z.preprocess(
    (value) => blankToUndefined(value) ?? 0,
    z.preprocess(digitsToNumber, z.literal([0, 1], { error: receiptMessages.isDepositFormat })),
  ),
  proof: z.preprocess(blankToUndefined, storagePathField(receiptMessages.proofRequired)),
  /** Who paid; not on the spec's dialog, shown on the detail when present. */
  remitter: limitedText('汇款人', orderTextLimits.remitter),
});
export type ReceiptCreateBodyInput = z.input<typeof receiptCreateBody>;
export type ReceiptCreateBody = z.output<typeof receiptCreateBody>;

export const receiptUpdateBody = z.strictObject({
  receipt_no: requiredText('收款单号', orderTextLimits.receipt_no, receiptMessages.receiptNoRequired),
  receipted_at: calendarDay(receiptMessages.receiptedAtRequired),
  settlement: moneyField({
    label: moneyLabels.settlement,
    allowZero: false,
    requiredMessage: receiptMessages.settlementRequired,
  }),
  actual_total: optionalMoneyField({ label: moneyLabels.actual_total, allowZero: false }),
  registered_address: limitedText('注册地址', orderTextLimits.registered_address),
  /** The settlement tax slip; optional, not on the spec's dialog. */
  receipt: optionalStoragePathField(),
  updated_at: z.string().optional(),
});
export type ReceiptUpdateBodyInput = z.input<typeof receiptUpdateBody>;
export type ReceiptUpdateBody = z.output<typeof receiptUpdateBody>;

/** A vehicle line of an overseas contract. Money as decimals. */
export interface OrderCar {
  id: number;
  vin: string;
  model: string | null;
  order_price: number | null;
  /** Service fee. */
  invoice: number;
  /** Other fees. */
  other: number;
}

export interface Receipt {
  id: number;
  order_id: number;
  amount: number;
  currency: Currency;
  receipt_no: string;
  /** `YYYY-MM-DD`. */
  receipted_at: string;
  remitter: string | null;
  settlement: number | null;
  actual_total: number | null;
  registered_address: string | null;
  proof: string | null;
  /** The settlement tax slip. */
  receipt: string | null;
  is_deposit: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** The customer a contract names (spec: "customer (object with name)"); null if it was deleted. */
export interface OrderCustomer {
  id: number;
  name: string;
  type_id: number;
  type: string;
  address: string | null;
  contact_way: string | null;
  country: string | null;
}

/** A row of `GET /api/order`. */
export interface OrderListItem {
  id: number;
  order_no: string;
  customer_id: number | null;
  customer_name: string;
  customer: { id: number; name: string } | null;
  /** The customer's country as agreed on the contract (the list's 国家 column). */
  country: string | null;
  customer_country: string | null;
  agent_id: number | null;
  agent_name: string | null;
  /** Number of vehicles ordered. */
  amount: number;
  currency: Currency;
  total: number;
  receipt_total: number;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  /** The VINs of the row expansion. */
  cars: OrderCar[];
}

export interface DrawbackRecord {
  id: number;
  order_id: number;
  created_at: string;
  drawbackcar: { car_id: number; vin: string }[];
}

export interface ArchiveRecord {
  id: number;
  order_id: number;
  created_at: string;
  zxzm_image: string | null;
  archivecar: { car_id: number; vin: string }[];
}

export interface FreightRecord {
  id: number;
  order_id: number;
  created_at: string;
  yffp_image: string | null;
  yffkd_image: string | null;
  freightcar: { car_id: number; vin: string }[];
  carimage: { image_url: string }[];
}

/** `GET /api/order/{id}`: the contract with everything the detail and record views show. */
export interface Order {
  id: number;
  order_no: string;
  customer_id: number | null;
  customer_name: string;
  customer_address: string | null;
  customer_contact_way: string | null;
  customer_country: string | null;
  /** The customer type chosen on the form. */
  type_id: number | null;
  customer: OrderCustomer | null;
  agent_id: number | null;
  agent_name: string | null;
  amount: number;
  currency: Currency;
  total: number;
  receipt_total: number;
  status: OrderStatus;
  contracts: string[];
  agreement_no: string | null;
  agreement: string | null;
  created_at: string;
  updated_at: string;
  cars: OrderCar[];
  receipts: Receipt[];
  drawback: DrawbackRecord[];
  archive: ArchiveRecord[];
  freight: FreightRecord[];
}

export interface OrderOption {
  id: number;
  order_no: string;
  customer_name: string;
  status: OrderStatus;
}

export interface OrderSearchItem {
  id: number;
  order_no: string;
  customer_name: string;
}

export const orderPaths = {
  list: '/api/order',
  all: '/api/order/all',
  search: '/api/order/search',
  export: '/api/order/export',
  receiptExport: '/api/order/receipt/export',
  one: (id: number) => `/api/order/${id}`,
  handOver: (id: number) => `/api/order/${id}/handOver`,
  receipts: (id: number) => `/api/order/${id}/receipt`,
  receipt: (id: number) => `/api/receipt/${id}`,
} as const;
