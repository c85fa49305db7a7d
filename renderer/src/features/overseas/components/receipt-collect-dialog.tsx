import { useEffect } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { CURRENCIES, receiptMessages, type Currency } from '../../../../../contract/overseas';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { UploadSlot } from '../../../components/upload-slot';
import { createReceipt } from '../api/create-receipt';
import { formatMoney } from '../overseas-format';
import { receiptRules } from '../overseas-rules';

/** The contract a payment is collected for, as the list row knows it. */
export interface ReceiptTarget {
  id: number;
  order_no: string;
  currency: Currency;
  total: number;
  receipt_total: number;
}

interface ReceiptCollectValues {
  amount: number | null;
  currency: Currency;
  receipt_no: string;
  receipted_at: Dayjs | null;
  is_deposit: boolean;
  proof: string[];
}

export interface ReceiptCollectDialogProps {
  /** The contract; the dialog is open while one is given. */
  order: ReceiptTarget | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** 收款: records money collected against a contract (spec part 1, sections 2 and 5). */
export function ReceiptCollectDialog({ order, onClose, onSaved }: ReceiptCollectDialogProps) {
  const [form] = Form.useForm<ReceiptCollectValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);
  const open = order !== undefined;

  useEffect(() => {
    if (!order) return;
    form.resetFields();
    // The contract's currency first: the server refuses any other (收款币种须与合同币种一致).
    form.setFieldsValue({ currency: order.currency, is_deposit: false, proof: [] });
  }, [order, form]);

  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    if (!order) return;
    const saved = await save(
      (values) =>
        createReceipt(order.id, {
          amount: values.amount as number,
          currency: values.currency,
          receipt_no: values.receipt_no.trim(),
          receipted_at: (values.receipted_at as Dayjs).format('YYYY-MM-DD'),
          is_deposit: values.is_deposit ? 1 : 0,
          proof: values.proof[0] ?? '',
        }),
      '操作失败',
    );
    if (!saved) return;
    void message.success(receiptMessages.created);
    onSaved();
  };

  return (
    <FormDialog title="收款" open={open} saving={saving} onSave={submit} onCancel={close} width={520}>
      {order && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          合同号 {order.order_no}，合同总额 {order.currency} {formatMoney(order.total)}，已收{' '}
          {formatMoney(order.receipt_total)}
        </Typography.Paragraph>
      )}
      <FormFailure text={failure} onClose={forget} />
      <Form<ReceiptCollectValues> form={form} name="receipt-collect" layout="vertical">
        <Form.Item label="金额" required style={{ marginBottom: 0 }}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="amount" rules={receiptRules.amount} style={{ flex: 1 }}>
              <InputNumber<number>
                aria-label="金额"
                min={0.01}
                max={9_999_999_999_999}
                precision={2}
                style={{ width: '100%' }}
                placeholder="请填写收款金额"
              />
            </Form.Item>
            <Form.Item name="currency" rules={receiptRules.currency} style={{ width: 110 }}>
              <Select
                aria-label="币种"
                options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              />
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item label="收款单号" name="receipt_no" rules={receiptRules.receiptNo}>
          <Input autoComplete="off" maxLength={50} placeholder="请填写收款单号" />
        </Form.Item>
        <Form.Item label="收款日期" name="receipted_at" rules={receiptRules.receiptedAt}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} placeholder="请选择收款日期" />
        </Form.Item>
        <Form.Item label="是否定金" name="is_deposit" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        <Form.Item label="支付证明" name="proof" rules={receiptRules.proof}>
          <UploadSlot dir="image" maxCount={1} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
