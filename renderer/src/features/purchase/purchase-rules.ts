import type { FormRule } from 'antd';
import { textTooLong } from '../../../../contract/fields';
import {
  purchaseMessages,
  purchaseMoneyLabels,
  purchaseTextLabels,
  purchaseTextLimits,
} from '../../../../contract/purchase';
import { moneyRules } from '../../components/money-input';

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
  // A count is refused when wrong, never changed: no min/max/precision on the box.
  amount: [
    { required: true, message: purchaseMessages.amountRequired },
    {
      validator: async (_, value: unknown) => {
        if (value === null || value === undefined || value === '') return;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100_000)
          throw new Error(purchaseMessages.amountFormat);
      },
    },
  ],
  name: [{ required: true, whitespace: true, message: purchaseMessages.customerNameRequired }, maxRule('name')],
  typeId: [{ required: true, message: purchaseMessages.customerTypeRequired }],
  address: [{ required: true, whitespace: true, message: purchaseMessages.addressRequired }, maxRule('address')],
  contactWay: [maxRule('contact_way')],
} satisfies Record<string, FormRule[]>;
