/**
 * 新增记账汇率 / 修改记账汇率: one month's USD book rate (issue 26). The month is picked (locked when
 * editing), the rate typed as text and kept exactly (up to 6 decimals, the contract's `rateProblem`:
 * the server's own words); CNY needs none (it is 1). A month that has a rate already is edited from its
 * row, not added twice.
 */
import { useEffect } from 'react';
import { App, DatePicker, Form, Input, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Rate, profitMessages, rateProblem } from '../../../../../contract/profit';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { saveRate } from '../api/rates';

export const RATE_MONTH_FORMAT = 'YYYY-MM';
export const rateDialogTexts = {
  addTitle: '新增记账汇率',
  editTitle: '修改记账汇率',
  monthRequired: '请选择月份',
  monthTaken: '该月份已设置记账汇率，请在列表中修改',
  rateNote: '1 美元折合人民币，最多 6 位小数',
} as const;

interface RateFormValues {
  month: Dayjs | null;
  rate: string;
}

export interface RateDialogProps {
  open: boolean;
  /** The month being changed; absent when adding. */
  rate?: Rate;
  /** The months that have a rate already (an add may not pick one). */
  takenMonths: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

const rateRules: FormRule[] = [
  { required: true, whitespace: true, message: profitMessages.rateRequired },
  {
    validator: async (_, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return;
      const problem = rateProblem(text);
      if (problem) throw new Error(problem);
    },
  },
];

export function RateDialog({ open, rate, takenMonths, onClose, onSaved }: RateDialogProps) {
  const [form] = Form.useForm<RateFormValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);
  const creating = !rate;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (rate) form.setFieldsValue({ month: dayjs(`${rate.month}-01`), rate: rate.rate });
  }, [open, rate, form]);

  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    const saved = await save(
      (values) =>
        saveRate((values.month as Dayjs).format(RATE_MONTH_FORMAT), { currency: 'USD', rate: values.rate.trim() }),
      profitMessages.saveFailed,
    );
    if (!saved) return;
    void message.success(profitMessages.saved);
    onSaved();
  };

  const monthRules: FormRule[] = [
    { required: true, message: rateDialogTexts.monthRequired },
    {
      validator: async (_, value: Dayjs | null | undefined) => {
        if (creating && value && takenMonths.includes(value.format(RATE_MONTH_FORMAT)))
          throw new Error(rateDialogTexts.monthTaken);
      },
    },
  ];

  return (
    <FormDialog
      title={creating ? rateDialogTexts.addTitle : rateDialogTexts.editTitle}
      open={open}
      saving={saving}
      onSave={submit}
      onCancel={close}
      width={420}
    >
      <FormFailure text={failure} onClose={forget} />
      <Form<RateFormValues> form={form} name="rate" layout="vertical" onFinish={submit}>
        <Form.Item label="月份" name="month" rules={monthRules}>
          <DatePicker
            picker="month"
            format={RATE_MONTH_FORMAT}
            placeholder="请选择月份"
            disabled={!creating}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="币种">
          <Input value="USD" disabled aria-label="币种" />
        </Form.Item>
        <Form.Item label="记账汇率" name="rate" rules={rateRules} extra={rateDialogTexts.rateNote}>
          <Input autoComplete="off" inputMode="decimal" placeholder="例如 7.1234" maxLength={16} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}
