/**
 * The ordered (or purchased) amount of a contract form and its car lines: the amount is a whole number
 * from 1 to 100,000, and the car lines may not be more than it (spec part 1, section 5; part 2, section 5).
 */
import { Form, InputNumber, type FormInstance, type FormRule } from 'antd';

/** The largest amount API.md allows on a contract. */
export const MAX_ORDERED_AMOUNT = 100_000;

/**
 * The amount box's own rules, with the contract's messages. A count is refused when wrong, never changed:
 * the box has no min/max/precision to clamp 0 to 1.
 */
export const orderedAmountRules = (messages: { required: string; format: string }): FormRule[] => [
  { required: true, message: messages.required },
  {
    validator: async (_, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ORDERED_AMOUNT)
        throw new Error(messages.format);
    },
  },
];

/** The amount may not fall under the car lines already entered (`carsField`: the editor's list). */
const carsWithinAmountRule = (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>,
  carsField: string,
  tooManyCars: string,
): FormRule => ({
  validator: async (_, amount: number | null) => {
    const count = ((form.getFieldValue(carsField) as unknown[] | undefined) ?? []).length;
    if (typeof amount === 'number' && count > amount) throw new Error(tooManyCars);
  },
});

export interface OrderedAmountFieldProps {
  /** 订购数量, 采购数量. */
  label: string;
  placeholder: string;
  /** The box's own rules (`orderedAmountRules` with the area's messages). */
  rules: FormRule[];
  /** The car lines' field (`CarLinesEditor`'s `name`): checked again whenever a line comes or goes. */
  carsField: string;
  /** The message when the lines are more than the amount. */
  tooManyCars: string;
}

/** The `amount` field of a contract form, inside its `<Form>`: the most cars its car lines may hold. */
export function OrderedAmountField({ label, placeholder, rules, carsField, tooManyCars }: OrderedAmountFieldProps) {
  const form = Form.useFormInstance();
  return (
    <Form.Item
      label={label}
      name="amount"
      rules={[...rules, carsWithinAmountRule(form, carsField, tooManyCars)]}
      dependencies={[[carsField]]}
      extra="车辆信息中最多可添加该数量的车辆"
    >
      {/* No step buttons: a count is typed, and their labels are rc-input-number's English (Increase Value). */}
      <InputNumber<number> style={{ width: '100%' }} placeholder={placeholder} controls={false} />
    </Form.Item>
  );
}

/**
 * The form's `onValuesChange` part: a changed amount is checked against the car count again at once, so
 * the message under it follows the typing while lines are there.
 */
export function recheckAmount(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>,
  changed: { amount?: unknown },
  carsField: string,
) {
  if (changed.amount !== undefined && ((form.getFieldValue(carsField) as unknown[] | undefined) ?? []).length > 0) {
    void form.validateFields(['amount']).catch(() => undefined);
  }
}
