import { storagePathMessage, textTooLong } from './fields';
import * as contractForm from './contract-form';

/**
 * What a clerk reads about overseas contracts and their receipts: the refusals and answers, the forms'
 * labels and the longest text each field takes. Apart from the schemas (overseas.ts), which use them,
 * so that the screens' wording reads as one list.
 */

/** Cars of the form that a purchase contract pointing at another overseas contract buys (a refusal names them). */
export interface CarsOfPurchase {
  vins: readonly string[];
  purchaseNo: string;
  /** The overseas contract the purchase contract points at. */
  orderNo: string;
}

/** How many VINs, and purchase contracts, a refusal names before it says how many there are in all. */
const NAMED_VINS = 10;
const NAMED_PURCHASES = 3;
const namedVins = (vins: readonly string[]): string =>
  vins.length <= NAMED_VINS ? vins.join('、') : `${vins.slice(0, NAMED_VINS).join('、')} 等 ${vins.length} 台`;

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
  // DOMAIN.md: every car of a purchase contract that belongs to an overseas contract belongs to its order_id.
  carsOfOtherOrdersPurchase: (holdings: readonly CarsOfPurchase[]) =>
    `${holdings
      .slice(0, NAMED_PURCHASES)
      .map(
        (holding) =>
          `车架号 ${namedVins(holding.vins)} 属于采购合同 ${holding.purchaseNo}（海外合同 ${holding.orderNo}）`,
      )
      .join('；')}${holdings.length > NAMED_PURCHASES ? ` 等 ${holdings.length} 份采购合同` : ''}，不能加入本合同`,
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

/** The longest text each field of the contract, car line and receipt forms takes; the forms use the same numbers. */
export const orderTextLimits = {
  order_no: 50,
  name: contractForm.partyTextLimits.name,
  agent_name: 100,
  address: contractForm.partyTextLimits.address,
  contact_way: contractForm.partyTextLimits.contact_way,
  country: 100,
  agreement_no: 50,
  model: 100,
  receipt_no: 50,
  remitter: 100,
  registered_address: 200,
} as const;

/** What the forms call each text field; the too-long messages name it. */
export const orderTextLabels = {
  order_no: '海外合同号',
  name: contractForm.partyTextLabels.name,
  agent_name: '代理人',
  address: contractForm.partyTextLabels.address,
  contact_way: contractForm.partyTextLabels.contact_way,
  country: '国家',
  agreement_no: '协议编号',
  model: '车型车系',
  receipt_no: '收款单号',
  remitter: '汇款人',
  registered_address: '注册地址',
} as const;

/** What the forms call each amount; every money message starts with it. */
export const moneyLabels = {
  total: '订单总额',
  order_price: '车辆售价',
  invoice: '服务费',
  other: '其他费用',
  amount: '收款金额',
  settlement: '结汇金额',
  actual_total: '实收金额',
  totalFilter: '订单金额',
  amountFilter: '收款金额',
} as const;
