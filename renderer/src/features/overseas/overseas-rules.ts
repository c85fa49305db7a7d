import type { FormRule } from 'antd';
import { orderMessages, receiptMessages } from '../../../../contract/overseas';

/** The contract form's rules (spec part 1, section 5), with the contract's messages. */
export const orderRules = {
  contracts: [{ required: true, type: 'array', min: 1, message: orderMessages.contractsRequired }],
  orderNo: [{ required: true, whitespace: true, message: orderMessages.orderNoRequired }],
  amount: [{ required: true, message: orderMessages.amountRequired }],
  total: [{ required: true, message: orderMessages.totalRequired }],
  agentName: [{ required: true, whitespace: true, message: orderMessages.agentRequired }],
  name: [{ required: true, whitespace: true, message: orderMessages.customerNameRequired }],
  address: [{ required: true, whitespace: true, message: orderMessages.addressRequired }],
  contactWay: [{ required: true, whitespace: true, message: orderMessages.contactRequired }],
  typeId: [{ required: true, message: orderMessages.typeRequired }],
} satisfies Record<string, FormRule[]>;

/** The receipt dialogs' rules (spec part 1, section 5). */
export const receiptRules = {
  amount: [{ required: true, message: receiptMessages.amountRequired }],
  currency: [{ required: true, message: receiptMessages.currencyRequired }],
  receiptNo: [{ required: true, whitespace: true, message: receiptMessages.receiptNoRequired }],
  receiptedAt: [{ required: true, message: receiptMessages.receiptedAtRequired }],
  proof: [{ required: true, type: 'array', min: 1, message: receiptMessages.proofRequired }],
  settlement: [{ required: true, message: receiptMessages.settlementRequired }],
} satisfies Record<string, FormRule[]>;
