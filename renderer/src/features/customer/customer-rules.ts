import type { FormRule } from 'antd';
import { textTooLong } from '../../../../contract/fields';
import { customerLabels, customerMessages, customerTextLimits } from '../../../../contract/customer';

/** The server's limit and message for a text field (contract: customerTextLimits). */
const maxRule = (field: keyof typeof customerTextLimits): FormRule => ({
  max: customerTextLimits[field],
  message: textTooLong(customerLabels[field], customerTextLimits[field]),
});

/** The customer and customer-type forms' rules (spec part 1, section 5), with the contract's messages. */
export const customerRules = {
  name: [{ required: true, whitespace: true, message: customerMessages.nameRequired }, maxRule('name')],
  typeId: [{ required: true, message: customerMessages.typeRequired }],
  typeName: [{ required: true, whitespace: true, message: customerMessages.typeNameRequired }, maxRule('type_name')],
  address: [maxRule('address')],
  country: [maxRule('country')],
  contactName: [maxRule('contact_name')],
  contactWay: [maxRule('contact_way')],
} satisfies Record<string, FormRule[]>;
