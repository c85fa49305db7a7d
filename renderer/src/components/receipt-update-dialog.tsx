import { useEffect } from 'react';
import { App, Col, Form, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Receipt } from '../../../contract/overseas';
import { orderTextLimits, receiptMessages } from '../../../contract/overseas-messages';
import { FormDialog } from './form-dialog';
import { FormFailure } from './form-failure';
import { useFormSave } from './form-save';
import { MoneyInput, type MoneyValue } from './money-input';
import { UploadSlot } from './upload-slot';
import { updateReceipt } from '../api/update-receipt';
import { ReceiptNoAndDate } from './receipt-no-and-date';
import { receiptRules } from './receipt-rules';

interface ReceiptUpdateValues {
  receipt_no: string;
  receipted_at: Dayjs | null;
  settlement: MoneyValue;
  actual_total: MoneyValue;
  registered_address?: string;
  receipt: string[];
}

export interface ReceiptUpdateDialogProps {
  /** The receipt being edited; the dialog is open while one is given. */
  receipt: Receipt | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A receipt's 编辑 (spec part 1, sections 2 and 5): receipt number, date, settlement, actual amount,
 * registered address. Shared by the contract detail and the business information page (features/filed).
 */
export function ReceiptUpdateDialog({ receipt, onClose, onSaved }: ReceiptUpdateDialogProps) {
  const [form] = Form.useForm<ReceiptUpdateValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);

  useEffect(() => {
    if (!receipt) return;
    form.resetFields();
    form.setFieldsValue({
      receipt_no: receipt.receipt_no,
      receipted_at: receipt.receipted_at ? dayjs(receipt.receipted_at) : null,
      settlement: receipt.settlement,
      actual_total: receipt.actual_total,
      registered_address: receipt.registered_address ?? '',
      receipt: receipt.receipt ? [receipt.receipt] : [],
    });
  }, [receipt, form]);

  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    if (!receipt) return;
    const saved = await save(
      (values) =>
        updateReceipt(receipt.id, {
          receipt_no: values.receipt_no.trim(),
          receipted_at: (values.receipted_at as Dayjs).format('YYYY-MM-DD'),
          settlement: values.settlement as number,
          actual_total: values.actual_total ?? '',
          registered_address: (values.registered_address ?? '').trim(),
          receipt: values.receipt[0] ?? '',
          // The stale-save guard: a receipt changed by someone else since it was read is refused (409).
          ...(receipt.updated_at ? { updated_at: receipt.updated_at } : {}),
        }),
      '编辑失败',
    );
    if (!saved) return;
    void message.success(receiptMessages.updated);
    onSaved();
  };

  return (
    <FormDialog
      title="编辑收款"
      open={receipt !== undefined}
      saving={saving}
      onSave={submit}
      onCancel={close}
      width={520}
    >
      <FormFailure text={failure} onClose={forget} />
      <Form<ReceiptUpdateValues> form={form} name="receipt-update" layout="vertical">
        <Row gutter={12}>
          <ReceiptNoAndDate />
          <Col span={12}>
            <Form.Item label="结汇金额" name="settlement" rules={receiptRules.settlement}>
              <MoneyInput placeholder="请填写结汇金额" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="实收金额" name="actual_total" rules={receiptRules.actualTotal}>
              <MoneyInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="注册地址" name="registered_address" rules={receiptRules.registeredAddress}>
          <Input autoComplete="off" maxLength={orderTextLimits.registered_address} showCount />
        </Form.Item>
        <Form.Item label="结汇税单" name="receipt" extra="选填">
          <UploadSlot dir="image" maxCount={1} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
