import { useEffect } from 'react';
import { App, Descriptions, Form } from 'antd';
import { PURCHASE_CURRENCY, purchaseMessages, purchaseMoneyLabels } from '../../../../../contract/purchase';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { formatMoney } from '../../../components/format-money';
import { MoneyInput, moneyRules, type MoneyValue } from '../../../components/money-input';
import { useOverTotalConfirm, type OverTotalQuestion } from '../../../components/over-total-confirm';
import { UploadSlot } from '../../../components/upload-slot';
import { remitPurchase } from '../api/remit-purchase';
import { MoneyCapitals } from './money-capitals';
import { purchaseMoney } from '../../../components/purchase-money';

/** The contract a remittance is made for, as the list row knows it. */
export interface RemitTarget {
  id: number;
  purchase_no: string;
  customer_name: string;
  amount: number;
  total: number;
  remit_total: number;
}

interface RemitValues {
  amount: MoneyValue;
  bank_slips: string[];
}

export interface RemitDialogProps {
  /** The contract; the dialog is open while one is given. */
  purchase: RemitTarget | undefined;
  onClose: () => void;
  onSaved: () => void;
}

export const remitOverTotal: OverTotalQuestion = {
  title: '打款将超过合同总额',
  content: (remitted: number, total: number) =>
    `打款后已打款合计 ${PURCHASE_CURRENCY} ${formatMoney(remitted)}，超过合同总额 ${PURCHASE_CURRENCY} ${formatMoney(total)}，确定继续打款吗？`,
};

const remitRules = {
  amount: moneyRules({ label: purchaseMoneyLabels.remit, required: purchaseMessages.remitAmountRequired }),
  bankSlips: [{ required: true, type: 'array' as const, min: 1, message: purchaseMessages.bankSlipRequired }],
};

/** 采购合同打款 (spec part 2, sections 2 and 5): one remittance with its bank slip. */
export function RemitDialog({ purchase, onClose, onSaved }: RemitDialogProps) {
  const [form] = Form.useForm<RemitValues>();
  const { message } = App.useApp();
  const overTotalConfirmed = useOverTotalConfirm();
  const { saving, failure, forget, save } = useFormSave(form);
  const amount = Form.useWatch('amount', form);
  const open = purchase !== undefined;

  // Each opening starts cleared (spec: the dialog opens with amount and slip cleared).
  useEffect(() => {
    if (!purchase) return;
    form.resetFields();
    form.setFieldsValue({ amount: null, bank_slips: [] });
  }, [purchase, form]);

  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    if (!purchase) return;
    const checked = await form.validateFields().catch(() => undefined);
    if (!checked) return;
    // Past the contract total may be right (fees paid on top) or a slip of the finger: the clerk says.
    if (!(await overTotalConfirmed(remitOverTotal, purchase.remit_total, checked.amount as number, purchase.total)))
      return;
    const saved = await save(
      (values) =>
        remitPurchase(purchase.id, { amount: values.amount as number, bank_slips: values.bank_slips[0] ?? '' }),
      purchaseMessages.remitFailed,
    );
    if (!saved) return;
    void message.success(purchaseMessages.remitDone);
    onSaved();
  };

  return (
    <FormDialog
      title={purchaseMessages.remitTitle}
      open={open}
      saving={saving}
      onSave={() => void submit()}
      onCancel={close}
      width={560}
    >
      {purchase && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 12 }}
          items={[
            { key: 'purchase_no', label: '合同号', children: purchase.purchase_no },
            { key: 'customer', label: '客户', children: purchase.customer_name },
            { key: 'amount', label: '数量', children: `${purchase.amount} 辆` },
            { key: 'remit_total', label: '已打款', children: purchaseMoney(purchase.remit_total) },
            { key: 'total', label: '合同总额', children: purchaseMoney(purchase.total) },
          ]}
        />
      )}
      <FormFailure text={failure} onClose={forget} />
      <Form<RemitValues> form={form} name="purchase-remit" layout="vertical">
        <Form.Item
          label="本次打款金额"
          name="amount"
          rules={remitRules.amount}
          extra={<MoneyCapitals value={amount} />}
        >
          <MoneyInput aria-label="本次打款金额" placeholder="请填写本次打款金额" suffix={PURCHASE_CURRENCY} />
        </Form.Item>
        <Form.Item label="银行回单" name="bank_slips" rules={remitRules.bankSlips}>
          <UploadSlot dir="image" maxCount={1} thumbnailSize={64} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
