import type { FormRule } from 'antd';
import { textTooLong } from '../../../contract/fields';
import { moneyLabels, orderTextLabels, orderTextLimits, receiptMessages } from '../../../contract/overseas-messages';
import { moneyRules } from './money-input';

/** The server's limit and message for a text field of the overseas side (contract: orderTextLimits, orderTextLabels). */
export const orderTextMaxRule = (field: keyof typeof orderTextLimits): FormRule => ({
  max: orderTextLimits[field],
  message: textTooLong(orderTextLabels[field], orderTextLimits[field]),
});

/**
 * The receipt dialogs' rules (spec part 1, section 5). Shared: the contract detail collects and edits
 * receipts, and the business information page (features/filed) edits them with the same dialog.
 */
export const receiptRules = {
  amount: moneyRules({ label: moneyLabels.amount, required: receiptMessages.amountRequired }),
  currency: [{ required: true, message: receiptMessages.currencyRequired }],
  receiptNo: [
    { required: true, whitespace: true, message: receiptMessages.receiptNoRequired },
    orderTextMaxRule('receipt_no'),
  ],
  receiptedAt: [{ required: true, message: receiptMessages.receiptedAtRequired }],
  proof: [{ required: true, type: 'array', min: 1, message: receiptMessages.proofRequired }],
  settlement: moneyRules({ label: moneyLabels.settlement, required: receiptMessages.settlementRequired }),
  actualTotal: moneyRules({ label: moneyLabels.actual_total }),
  registeredAddress: [orderTextMaxRule('registered_address')],
  remitter: [orderTextMaxRule('remitter')],
} satisfies Record<string, FormRule[]>;
