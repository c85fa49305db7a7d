import type { FormRule } from 'antd';
import { textTooLong } from '../../../../contract/fields';
import {
  purchaseMessages,
  purchaseMoneyLabels,
  purchaseTextLabels,
  purchaseTextLimits,
} from '../../../../contract/purchase';
import { moneyRules } from '../../components/money-input';
import { orderedAmountRules } from '../../components/ordered-amount';

const maxRule = (field: keyof typeof purchaseTextLabels): FormRule => ({
  max: purchaseTextLimits[field],
  message: textTooLong(purchaseTextLabels[field], purchaseTextLimits[field]),
});

/** The purchase form's rules (spec part 2, section 5), with the contract's messages. */
export const purchaseRules = {
  type: [{ required: true, message: purchaseMessages.typeRequired }],
  total: moneyRules({ label: purchaseMoneyLabels.total, required: purchaseMessages.totalRequired }),
  purchaseNo: [
    { required: true, whitespace: true, message: purchaseMessages.purchaseNoRequired },
    maxRule('purchase_no'),
  ],
  amount: orderedAmountRules({ required: purchaseMessages.amountRequired, format: purchaseMessages.amountFormat }),
  name: [{ required: true, whitespace: true, message: purchaseMessages.customerNameRequired }, maxRule('name')],
  typeId: [{ required: true, message: purchaseMessages.customerTypeRequired }],
  address: [{ required: true, whitespace: true, message: purchaseMessages.addressRequired }, maxRule('address')],
  contactWay: [maxRule('contact_way')],
} satisfies Record<string, FormRule[]>;
