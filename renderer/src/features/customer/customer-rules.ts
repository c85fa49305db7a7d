import type { FormRule } from 'antd';
import { customerMessages } from '../../../../contract/customer';

/** The customer and customer-type forms' rules (spec part 1, section 5), with the contract's messages. */
export const customerRules = {
  name: [{ required: true, whitespace: true, message: customerMessages.nameRequired }],
  typeId: [{ required: true, message: customerMessages.typeRequired }],
  typeName: [{ required: true, whitespace: true, message: customerMessages.typeNameRequired }],
} satisfies Record<string, FormRule[]>;
