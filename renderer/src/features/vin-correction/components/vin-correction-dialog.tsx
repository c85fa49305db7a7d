import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import {
  VIN_CORRECTION_REASON_MAX,
  vinCorrectionMessages,
  vinCorrectionReasonLabel,
} from '../../../../../contract/vin-correction';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { normaliseVinInput, VIN_FONT, VinSearchBox } from '../../../components/vin-search-box';
import { correctVin } from '../api/correct-vin';
import { vinCorrectionRules } from '../vin-correction-rules';

interface VinCorrectionFormValues {
  vinOld: string;
  vinNew: string;
  reason?: string;
}

export interface VinCorrectionDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function VinCorrectionDialog({ open, onClose, onSaved }: VinCorrectionDialogProps) {
  const [form] = Form.useForm<VinCorrectionFormValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
  }, [open, form]);

  // A failure belongs to one opening of the form: closing it forgets the message.
  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    // The spec: a refused correction shows the server's message; what was typed stays.
    const saved = await save((values) => {
      // Optional (API.md): a blank reason is not sent.
      const reason = values.reason?.trim();
      return correctVin({
        vinOld: normaliseVinInput(values.vinOld),
        vinNew: normaliseVinInput(values.vinNew),
        ...(reason ? { reason } : {}),
      });
    }, vinCorrectionMessages.failed);
    if (!saved) return;
    message.success(vinCorrectionMessages.done);
    onSaved();
  };

  return (
    <FormDialog title="车架号更正" open={open} saving={saving} onSave={submit} onCancel={close}>
      <FormFailure text={failure} onClose={forget} />
      <Form<VinCorrectionFormValues> form={form} name="vin-correction" layout="vertical" onFinish={submit}>
        <Form.Item
          label="原车架号"
          name="vinOld"
          rules={vinCorrectionRules.vinOld}
          extra="输入车架号的一部分，稍候从列表中选择要更正的车辆"
        >
          <VinSearchBox placeholder="请输入要更正的车架号" />
        </Form.Item>
        <Form.Item
          label="新车架号"
          name="vinNew"
          rules={vinCorrectionRules.vinNew}
          normalize={(value: string | undefined) => normaliseVinInput(value ?? '')}
          extra="17位，由数字和字母组成，不含 I、O、Q"
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="请输入新车架号"
            count={{ show: true, max: 17 }}
            styles={{ input: { fontFamily: VIN_FONT } }}
          />
        </Form.Item>
        <Form.Item label={vinCorrectionReasonLabel} name="reason">
          <Input.TextArea
            rows={3}
            maxLength={VIN_CORRECTION_REASON_MAX}
            showCount
            placeholder="选填，例如：录入时看错一位"
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}
