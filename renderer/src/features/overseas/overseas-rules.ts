import type { FormRule } from 'antd';
import { moneyLabels, orderMessages } from '../../../../contract/overseas-messages';
import { moneyRules } from '../../components/money-input';
import { orderedAmountRules } from '../../components/ordered-amount';
import { orderTextMaxRule as maxRule } from '../../components/receipt-rules';

/**
 * The contract form's rules (spec part 1, section 5), with the contract's messages; amounts are checked by
 * the one money rule (components/money-input.tsx, the contract's `moneyProblem`).
 */
export const orderRules = {
  contracts: [{ required: true, type: 'array', min: 1, message: orderMessages.contractsRequired }],
  orderNo: [{ required: true, whitespace: true, message: orderMessages.orderNoRequired }, maxRule('order_no')],
  amount: orderedAmountRules({ required: orderMessages.amountRequired, format: orderMessages.amountFormat }),
  total: moneyRules({ label: moneyLabels.total, required: orderMessages.totalRequired }),
  agentName: [{ required: true, whitespace: true, message: orderMessages.agentRequired }, maxRule('agent_name')],
  name: [{ required: true, whitespace: true, message: orderMessages.customerNameRequired }, maxRule('name')],
  address: [{ required: true, whitespace: true, message: orderMessages.addressRequired }, maxRule('address')],
  contactWay: [{ required: true, whitespace: true, message: orderMessages.contactRequired }, maxRule('contact_way')],
  country: [maxRule('country')],
  agreementNo: [maxRule('agreement_no')],
  typeId: [{ required: true, message: orderMessages.typeRequired }],
} satisfies Record<string, FormRule[]>;
