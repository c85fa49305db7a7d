import { useEffect } from 'react';
import { App, Col, Form, Input, Row, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type Currency } from '../../../../../contract/overseas';
import { receiptMessages } from '../../../../../contract/overseas-messages';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { useOverTotalConfirm } from '../../../components/over-total-confirm';
import { UploadSlot } from '../../../components/upload-slot';
import { createReceipt } from '../api/create-receipt';
import { formatMoney } from '../../../components/format-money';
import { ReceiptNoAndDate } from '../../../components/receipt-no-and-date';
import { receiptRules } from '../../../components/receipt-rules';

/** The contract a payment is collected for, as the list row knows it. */
export interface ReceiptTarget {
  id: number;
  order_no: string;
  currency: Currency;
  total: number;
  receipt_total: number;
}

interface ReceiptCollectValues {
  amount: MoneyValue;
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

export const receiptOverTotal = {
  title: '收款将超过合同总额',
  content: (currency: Currency, collected: number, total: number) =>
    `收款后已收合计 ${currency} ${formatMoney(collected)}，超过合同总额 ${currency} ${formatMoney(total)}，确定继续收款吗？`,
} as const;

/** 收款: records money collected against a contract (spec part 1, sections 2 and 5). */
export function ReceiptCollectDialog({ order, onClose, onSaved }: ReceiptCollectDialogProps) {
  const [form] = Form.useForm<ReceiptCollectValues>();
  const { message } = App.useApp();
  const overTotalConfirmed = useOverTotalConfirm();
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
    const checked = await form.validateFields().catch(() => undefined);
    if (!checked) return;
    // Past the contract total may be right (a deposit counted twice, a rate difference) or a slip of the
    // finger: the clerk confirms it, naming both amounts, in the contract's currency.
    const question = {
      title: receiptOverTotal.title,
      content: (collected: number, total: number) => receiptOverTotal.content(order.currency, collected, total),
    };
    if (!(await overTotalConfirmed(question, order.receipt_total, checked.amount as number, order.total))) return;
    const saved = await save(
      (values) =>
        createReceipt(order.id, {
          amount: values.amount as number,
          // The contract's, always: the server refuses any other (收款币种须与合同币种一致).
          currency: order.currency,
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
        <Row gutter={12}>
          <Col flex="auto">
            <Form.Item label="金额" name="amount" rules={receiptRules.amount}>
              <MoneyInput aria-label="金额" placeholder="请填写收款金额" suffix={order?.currency} />
            </Form.Item>
          </Col>
          <Col flex="84px">
            {/* Shown, not chosen: a receipt is in the contract's currency (the server refuses another). */}
            <Form.Item label="币种" name="currency">
              <Input aria-label="币种" readOnly tabIndex={-1} variant="filled" title="收款币种须与合同币种一致" />
            </Form.Item>
          </Col>
          <Col flex="96px">
            <Form.Item label="是否定金" name="is_deposit" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <ReceiptNoAndDate />
        </Row>
        <Form.Item label="支付证明" name="proof" rules={receiptRules.proof}>
          {/* A small thumbnail: with the proof shown, 确定 still fits a 768 px high screen. */}
          <UploadSlot dir="image" maxCount={1} thumbnailSize={64} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
