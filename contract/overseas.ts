import { z } from 'zod';
import { carMessages, vinField } from './vehicle';
import { dateOnly, digitsToNumber, idField, idParam, optionalFilter, pageQuery, wholeNumberField } from './common';
import { createdId, endpoint, paged } from './endpoint';
import { exportAnswerSchema } from './export';
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
} from './fields';
import { customerOptionSchema, DEFAULT_CUSTOMER_TYPE_ID } from './customer';
// The pieces both contract forms share (the party, car lines, optional ids): see contract-form.ts.
import * as contractForm from './contract-form';
import { moneyLabels, orderMessages, orderTextLabels, orderTextLimits, receiptMessages } from './overseas-messages';

export const CURRENCIES = ['USD', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

/** Overseas contract status (DOMAIN.md). */
export const ORDER_STATUS = { new: 1, handedOver: 2, finished: 6 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const MAX_CONTRACT_FILES = 5;

/** One line of the vehicle list; id 0 is a new line. */
export const orderCarLine = z.strictObject({
  id: contractForm.carLineId,
  vin: vinField(carMessages.vinRequired, carMessages.vinFormat),
  model: requiredText(orderTextLabels.model, orderTextLimits.model, carMessages.modelRequired),
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
  order_no: requiredText(orderTextLabels.order_no, orderTextLimits.order_no, orderMessages.orderNoRequired),
  amount: wholeNumberField(orderMessages.amountRequired, orderMessages.amountFormat, 1, 100_000),
  total: moneyField({ label: moneyLabels.total, allowZero: false, requiredMessage: orderMessages.totalRequired }),
  currency: z.preprocess(
    (value) => blankToUndefined(value) ?? 'USD',
    z.enum(CURRENCIES, { error: orderMessages.currencyFormat }),
  ),
  customer_id: contractForm.optionalId,
  name: contractForm.partyNameField(orderMessages.customerNameRequired),
  agent_id: contractForm.optionalId,
  agent_name: requiredText(orderTextLabels.agent_name, orderTextLimits.agent_name, orderMessages.agentRequired),
  address: contractForm.partyAddressField(orderMessages.addressRequired),
  contact_way: contractForm.partyContactField(orderMessages.contactRequired),
  country: limitedText(orderTextLabels.country, orderTextLimits.country),
  type_id: z.preprocess(
    (value) => blankToUndefined(value) ?? DEFAULT_CUSTOMER_TYPE_ID,
    idField(orderMessages.typeRequired),
  ),
  agreement_no: limitedText(orderTextLabels.agreement_no, orderTextLimits.agreement_no),
  agreement: optionalStoragePathField(),
  cars: z.preprocess(asList, z.array(orderCarLine, { error: '车辆列表格式不正确' }).max(100_000)),
  b_status: z.unknown().optional(),
};

/** Car count never above the ordered amount; one VIN once per contract. */
const checkCars = contractForm.checkCarLines('cars', orderMessages);

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
  receipt_no: requiredText(orderTextLabels.receipt_no, orderTextLimits.receipt_no, receiptMessages.receiptNoRequired),
  receipted_at: calendarDay(receiptMessages.receiptedAtRequired),
  is_deposit: z.preprocess(
    (value) => blankToUndefined(value) ?? 0,
    z.preprocess(digitsToNumber, z.literal([0, 1], { error: receiptMessages.isDepositFormat })),
  ),
  proof: z.preprocess(blankToUndefined, storagePathField(receiptMessages.proofRequired)),
  /** Who paid; not on the spec's dialog, shown on the detail when present. */
  remitter: limitedText(orderTextLabels.remitter, orderTextLimits.remitter),
});
export type ReceiptCreateBodyInput = z.input<typeof receiptCreateBody>;
export type ReceiptCreateBody = z.output<typeof receiptCreateBody>;

export const receiptUpdateBody = z.strictObject({
  receipt_no: requiredText(orderTextLabels.receipt_no, orderTextLimits.receipt_no, receiptMessages.receiptNoRequired),
  receipted_at: calendarDay(receiptMessages.receiptedAtRequired),
  settlement: moneyField({
    label: moneyLabels.settlement,
    allowZero: false,
    requiredMessage: receiptMessages.settlementRequired,
  }),
  actual_total: optionalMoneyField({ label: moneyLabels.actual_total, allowZero: false }),
  registered_address: limitedText(orderTextLabels.registered_address, orderTextLimits.registered_address),
  /** The settlement tax slip; optional, not on the spec's dialog. */
  receipt: optionalStoragePathField(),
  updated_at: z.string().optional(),
});
export type ReceiptUpdateBodyInput = z.input<typeof receiptUpdateBody>;
export type ReceiptUpdateBody = z.output<typeof receiptUpdateBody>;

/** A vehicle line of an overseas contract. Money as decimals. */
export const orderCarSchema = contractForm.contractCarBaseSchema.extend({
  order_price: z.number().nullable(),
  /** Service fee. */
  invoice: z.number(),
  /** Other fees. */
  other: z.number(),
});
export type OrderCar = z.infer<typeof orderCarSchema>;

const currencySchema = z.enum(CURRENCIES);
const orderStatusSchema = z.literal([ORDER_STATUS.new, ORDER_STATUS.handedOver, ORDER_STATUS.finished]);

export const receiptSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  amount: z.number(),
  currency: currencySchema,
  receipt_no: z.string(),
  /** `YYYY-MM-DD`. */
  receipted_at: z.string(),
  remitter: z.string().nullable(),
  settlement: z.number().nullable(),
  actual_total: z.number().nullable(),
  registered_address: z.string().nullable(),
  proof: z.string().nullable(),
  /** The settlement tax slip. */
  receipt: z.string().nullable(),
  is_deposit: z.literal([0, 1]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The customer a contract names (spec: "customer (object with name)"); null if it was deleted. The same
 * facts as the form's customer choice (contract/customer.ts), in this answer's own key order.
 */
export const orderCustomerSchema = customerOptionSchema.pick({
  id: true,
  name: true,
  type_id: true,
  type: true,
  address: true,
  contact_way: true,
  country: true,
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** What a contract answers first, in the list and on its detail alike. */
const orderHeadFields = {
  id: z.number(),
  order_no: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
};

/** The contract's agent, amounts and status, in the list and on its detail alike. */
const orderTermsFields = {
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  /** Number of vehicles ordered. */
  amount: z.number(),
  currency: currencySchema,
  total: z.number(),
  receipt_total: z.number(),
  status: orderStatusSchema,
};

/** A row of `GET /api/order`. */
export const orderListItemSchema = z.object({
  ...orderHeadFields,
  customer: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The customer's country as agreed on the contract (the list's 国家 column). */
  country: z.string().nullable(),
  customer_country: z.string().nullable(),
  ...orderTermsFields,
  created_at: z.string(),
  updated_at: z.string(),
  /** The VINs of the row expansion. */
  cars: z.array(orderCarSchema),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

const recordCar = z.object({ car_id: z.number(), vin: z.string() });

/** What every record of a contract's vehicles answers first; each record adds its files and cars. */
const orderRecordBase = z.object({ id: z.number(), order_id: z.number(), created_at: z.string() });

export const drawbackRecordSchema = orderRecordBase.extend({
  drawbackcar: z.array(recordCar),
  /** The refund amount (CNY decimal, issue 26); null until recorded. Optional only for older readers. */
  drawback_money: z.number().nullable().optional(),
});
export type DrawbackRecord = z.infer<typeof drawbackRecordSchema>;

export const archiveRecordSchema = orderRecordBase.extend({
  zxzm_image: z.string().nullable(),
  archivecar: z.array(recordCar),
});
export type ArchiveRecord = z.infer<typeof archiveRecordSchema>;

export const freightRecordSchema = orderRecordBase.extend({
  yffp_image: z.string().nullable(),
  yffkd_image: z.string().nullable(),
  freightcar: z.array(recordCar),
  carimage: z.array(z.object({ image_url: z.string() })),
  /** The freight amount (CNY decimal, issue 26); null until recorded. Optional only for older readers. */
  freight_money: z.number().nullable().optional(),
});
export type FreightRecord = z.infer<typeof freightRecordSchema>;

/** `GET /api/order/{id}`: the contract with everything the detail and record views show. */
export const orderSchema = z.object({
  ...orderHeadFields,
  customer_address: z.string().nullable(),
  customer_contact_way: z.string().nullable(),
  customer_country: z.string().nullable(),
  /** The customer type chosen on the form. */
  type_id: z.number().nullable(),
  customer: orderCustomerSchema.nullable(),
  ...orderTermsFields,
  contracts: z.array(z.string()),
  agreement_no: z.string().nullable(),
  agreement: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  cars: z.array(orderCarSchema),
  receipts: z.array(receiptSchema),
  drawback: z.array(drawbackRecordSchema),
  archive: z.array(archiveRecordSchema),
  freight: z.array(freightRecordSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderOptionSchema = z.object({
  id: z.number(),
  order_no: z.string(),
  customer_name: z.string(),
  status: orderStatusSchema,
});
export type OrderOption = z.infer<typeof orderOptionSchema>;

export const orderSearchItemSchema = z.object({ id: z.number(), order_no: z.string(), customer_name: z.string() });
export type OrderSearchItem = z.infer<typeof orderSearchItemSchema>;

/** Every endpoint of the overseas area (API.md, Overseas contracts). */
export const overseasEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/order', query: orderListQuery, response: paged(orderListItemSchema) }),
  all: endpoint({ method: 'GET', path: '/api/order/all', response: z.array(orderOptionSchema) }),
  search: endpoint({
    method: 'GET',
    path: '/api/order/search',
    query: orderSearchQuery,
    response: z.array(orderSearchItemSchema),
  }),
  export: endpoint({ method: 'GET', path: '/api/order/export', query: orderExportQuery, response: exportAnswerSchema }),
  receiptExport: endpoint({
    method: 'GET',
    path: '/api/order/receipt/export',
    query: orderExportQuery,
    response: exportAnswerSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/order/:id', params: idParam, response: orderSchema }),
  create: endpoint({ method: 'POST', path: '/api/order', body: orderBody, response: createdId, status: 201 }),
  update: endpoint({
    method: 'PUT',
    path: '/api/order/:id',
    params: idParam,
    body: orderUpdateBody,
    response: createdId,
  }),
  handOver: endpoint({
    method: 'PUT',
    path: '/api/order/:id/handOver',
    params: idParam,
    response: z.object({ status: orderStatusSchema }),
  }),
  createReceipt: endpoint({
    method: 'POST',
    path: '/api/order/:id/receipt',
    params: idParam,
    body: receiptCreateBody,
    response: createdId,
    status: 201,
  }),
  updateReceipt: endpoint({
    method: 'PUT',
    path: '/api/receipt/:id',
    params: idParam,
    body: receiptUpdateBody,
    response: receiptSchema,
  }),
};
