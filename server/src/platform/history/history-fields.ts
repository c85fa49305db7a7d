/**
 * What the history says of each field: its Chinese label (the forms' own words from contract/ where they
 * have them), whether it is money kept in fen (shown in yuan), whether it is a file list kept as JSON
 * text, and the fields never written: secrets and the bookkeeping columns every row has.
 */
import { customerLabels } from '../../../../contract/customer';
import { exportsLabels } from '../../../../contract/release-exports';
import { type HistoryEntity, isHistoryMoneyField } from '../../../../contract/history';
import { moneyLabels, orderTextLabels } from '../../../../contract/overseas-messages';
import { pickupTextLabels } from '../../../../contract/pickup';
import { purchaseMoneyLabels, purchaseTextLabels } from '../../../../contract/purchase';
import { STAGES, stageTable } from '../../../../contract/stage';

/** A password hash, a password, a token: never in an event, whatever a caller hands over. */
export const isSecretField = (field: string): boolean => /password(?!_changed)|token|secret|hash/i.test(field);

/** Columns every row has; their change says nothing a clerk needs. */
// A per-vehicle record's `vehicle_id` is shown as its `vins` and its vehicle link instead.
const BOOKKEEPING = new Set(['id', 'created_at', 'created_by', 'updated_at', 'vehicle_id']);

export const isRecordedField = (field: string): boolean => !isSecretField(field) && !BOOKKEEPING.has(field);

/** Stored as JSON text (a list of files); the history keeps the list itself. */
export const LIST_FIELDS = new Set(['contracts', 'car_images']);

/**
 * Money kept in fen, per entity (`amount` is a number of cars on a contract, money on a receipt), written
 * in yuan: one list with the screens that show it with separators, in contract/history.ts.
 */
export const isMoneyField = isHistoryMoneyField;

/** The labels every entity shares. */
const COMMON: Record<string, string> = {
  vin: '车架号',
  vins: '车架号',
  model: purchaseTextLabels.model,
  order_id: '海外合同',
  purchase_id: '采购合同',
  customer_id: '客户',
  customer_name: orderTextLabels.name,
  customer_address: orderTextLabels.address,
  customer_contact_way: orderTextLabels.contact_way,
  customer_country: orderTextLabels.country,
  customer_type_id: '客户类型',
  type_id: '客户类型',
  agent_id: orderTextLabels.agent_name,
  agent_name: orderTextLabels.agent_name,
  currency: exportsLabels.currency,
  contracts: '合同文件',
  flow: '所在环节',
  no_entry: '免入库',
  status: '状态',
  value: '完成状态',
  rate: '资料完整率',
};

/** A stage record's document columns are its slots (`car_image` is kept in `car_images`). */
const stageLabels = (stage: (typeof STAGES)[number]): Record<string, string> =>
  Object.fromEntries(
    stageTable[stage].slots.map((slot) => [slot.field === 'car_image' ? 'car_images' : slot.field, slot.label]),
  );

const STAGE_EXTRAS: Record<string, string> = {
  ...pickupTextLabels,
  yy_date: '预约日期',
  bgd_sn: exportsLabels.bgd_sn,
  exports_date: exportsLabels.exports_date,
  exports_money: exportsLabels.exports_money,
  freight_money: '运费金额',
  drawback_money: '退税金额',
};

const BY_ENTITY: Partial<Record<HistoryEntity, Record<string, string>>> = {
  order: {
    order_no: orderTextLabels.order_no,
    amount: '车辆数量',
    total: moneyLabels.total,
    agreement_no: orderTextLabels.agreement_no,
    agreement: '协议文件',
    cars: '车辆',
    status: '合同状态',
  },
  purchase: {
    purchase_no: purchaseTextLabels.purchase_no,
    type: '采购类型',
    amount: '车辆数量',
    total: purchaseMoneyLabels.total,
    car: '车辆',
    cars: '车辆',
    remit_status: '打款状态',
  },
  car: {
    order_price: moneyLabels.order_price,
    order_invoice: moneyLabels.invoice,
    order_other: moneyLabels.other,
    price: purchaseMoneyLabels.price,
    invoice: purchaseMoneyLabels.invoice,
    other: purchaseMoneyLabels.other,
  },
  receipt: {
    amount: moneyLabels.amount,
    receipt_no: orderTextLabels.receipt_no,
    receipted_at: '收款日期',
    remitter: orderTextLabels.remitter,
    settlement: moneyLabels.settlement,
    actual_total: moneyLabels.actual_total,
    registered_address: orderTextLabels.registered_address,
    proof: '支付证明',
    receipt: '税单',
    is_deposit: '是否定金',
  },
  remit: { amount: purchaseMoneyLabels.remit, bank_slips: '银行回单', remit_status: '打款状态' },
  customer: { ...customerLabels, type_id: '客户类型' },
  customer_type: { name: customerLabels.type_name },
  user: {
    username: '用户名',
    nickname: '姓名',
    phone_number: '手机号',
    status: '账号状态',
    password_changed: '修改密码',
    sessions_revoked: '结束的登录数',
    deleted_at: '删除时间',
  },
  vin_alter: { vin: '车架号', reason: '更正原因', correction_id: '更正记录' },
  rate: { month: '月份', currency: '币种', rate: '记账汇率' },
  deadline_rule: { days: '天数', enabled: '启用' },
  ...Object.fromEntries(STAGES.map((stage) => [stage, { ...STAGE_EXTRAS, ...stageLabels(stage) }])),
};

/** The field's label; a field no form names keeps its own name rather than none. */
export const fieldLabel = (entity: HistoryEntity, field: string): string =>
  BY_ENTITY[entity]?.[field] ?? COMMON[field] ?? field;
