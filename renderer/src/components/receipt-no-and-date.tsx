import { Col, DatePicker, Form, Input } from 'antd';
import { orderTextLimits } from '../../../contract/overseas-messages';
import { receiptRules } from './receipt-rules';

/**
 * 收款单号 and 收款日期 side by side (two half-width columns of the dialog's `Row`): the same two fields
 * when a receipt is collected and when it is edited, so both dialogs check them alike.
 */
export function ReceiptNoAndDate() {
  return (
    <>
      <Col span={12}>
        <Form.Item label="收款单号" name="receipt_no" rules={receiptRules.receiptNo}>
          <Input autoComplete="off" maxLength={orderTextLimits.receipt_no} placeholder="请填写收款单号" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="收款日期" name="receipted_at" rules={receiptRules.receiptedAt}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} placeholder="请选择收款日期" />
        </Form.Item>
      </Col>
    </>
  );
}
