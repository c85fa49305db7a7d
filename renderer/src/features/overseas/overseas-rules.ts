import type { FormRule } from 'antd';
import { moneyProblem, textTooLong, type MoneyRule } from '../../../../contract/fields';
import { moneyLabels, orderMessages, orderTextLimits, receiptMessages } from '../../../../contract/overseas';

/**
 * An amount checked with the contract's own `moneyProblem`, so the form refuses what the server would
 * refuse, in the same words; a blank field is left to the `required` rule.
 */
const moneyRule = (rule: MoneyRule): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const amount = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
    const problem = moneyProblem(amount, rule);
    if (problem !== undefined) throw new Error(problem);
  },
});

/** The server's limit and message for a text field (contract: orderTextLimits). */
const maxRule = (label: string, max: number): FormRule => ({ max, message: textTooLong(label, max) });

/** The contract form's rules (spec part 1, section 5), with the contract's messages. */
export const orderRules = {
  contracts: [{ required: true, type: 'array', min: 1, message: orderMessages.contractsRequired }],
  orderNo: [
    { required: true, whitespace: true, message: orderMessages.orderNoRequired },
    maxRule('海外合同号', orderTextLimits.order_no),
  ],
  amount: [{ required: true, message: orderMessages.amountRequired }],
  total: [
    { required: true, message: orderMessages.totalRequired },
    moneyRule({ label: moneyLabels.total, allowZero: false }),
  ],
  agentName: [
    { required: true, whitespace: true, message: orderMessages.agentRequired },
    maxRule('代理人', orderTextLimits.agent_name),
  ],
  name: [
    { required: true, whitespace: true, message: orderMessages.customerNameRequired },
    maxRule('客户名称', orderTextLimits.name),
  ],
  address: [
    { required: true, whitespace: true, message: orderMessages.addressRequired },
    maxRule('客户地址', orderTextLimits.address),
  ],
  contactWay: [
    { required: true, whitespace: true, message: orderMessages.contactRequired },
    maxRule('联系方式', orderTextLimits.contact_way),
  ],
  country: [maxRule('国家', orderTextLimits.country)],
  agreementNo: [maxRule('代付协议号', orderTextLimits.agreement_no)],
  typeId: [{ required: true, message: orderMessages.typeRequired }],
} satisfies Record<string, FormRule[]>;

/** A car line's rules: the same limits the server applies to each line. */
export const carLineRules = {
  model: [maxRule('车型车系', orderTextLimits.model)],
  orderPrice: [moneyRule({ label: moneyLabels.order_price, allowZero: false })],
  invoice: [moneyRule({ label: moneyLabels.invoice, allowZero: true })],
  other: [moneyRule({ label: moneyLabels.other, allowZero: true })],
} satisfies Record<string, FormRule[]>;

/** The receipt dialogs' rules (spec part 1, section 5). */
export const receiptRules = {
  amount: [
    { required: true, message: receiptMessages.amountRequired },
    moneyRule({ label: moneyLabels.amount, allowZero: false }),
  ],
  currency: [{ required: true, message: receiptMessages.currencyRequired }],
  receiptNo: [
    { required: true, whitespace: true, message: receiptMessages.receiptNoRequired },
    maxRule('收款单号', orderTextLimits.receipt_no),
  ],
  receiptedAt: [{ required: true, message: receiptMessages.receiptedAtRequired }],
  proof: [{ required: true, type: 'array', min: 1, message: receiptMessages.proofRequired }],
  settlement: [
    { required: true, message: receiptMessages.settlementRequired },
    moneyRule({ label: moneyLabels.settlement, allowZero: false }),
  ],
  actualTotal: [moneyRule({ label: moneyLabels.actual_total, allowZero: false })],
  registeredAddress: [maxRule('注册地址', orderTextLimits.registered_address)],
  remitter: [maxRule('汇款人', orderTextLimits.remitter)],
} satisfies Record<string, FormRule[]>;
