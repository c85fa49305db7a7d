import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { customerMessages, customerTextLimits, type CustomerType } from '../../../../../contract/customer';
import { FormDialog } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { useFormSave } from '../../../components/form-save';
import { createCustomerType } from '../api/create-customer-type';
import { updateCustomerType } from '../api/update-customer-type';
import { customerRules } from '../customer-rules';

interface CustomerTypeFormValues {
  name: string;
}

export interface CustomerTypeDialogProps {
  open: boolean;
  /** The type being renamed; absent when adding. */
  type?: CustomerType;
  onClose: () => void;
  onSaved: () => void;
}

export function CustomerTypeDialog({ open, type, onClose, onSaved }: CustomerTypeDialogProps) {
  const [form] = Form.useForm<CustomerTypeFormValues>();
  const { message } = App.useApp();
  const { saving, failure, forget, save } = useFormSave(form);
  const creating = !type;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ name: type.name });
  }, [open, type, form]);

  // A failure belongs to one opening of the form: closing it forgets the message.
  const close = () => {
    forget();
    onClose();
  };

  const submit = async () => {
    // A refusal (a duplicate, a stale save) keeps the dialog open with the name typed and says why in it.
    const saved = await save(
      (values) =>
        type
          ? updateCustomerType(type.id, { name: values.name.trim() })
          : createCustomerType({ name: values.name.trim() }),
      customerMessages.saveFailed,
    );
    if (!saved) return;
    message.success(type ? customerMessages.typeUpdated : customerMessages.typeCreated);
    onSaved();
  };

  return (
    <FormDialog
      title={creating ? '新增客户类型' : '修改客户类型'}
      open={open}
      saving={saving}
      onSave={submit}
      onCancel={close}
    >
      <FormFailure text={failure} onClose={forget} />
      <Form<CustomerTypeFormValues> form={form} name="customer-type" layout="vertical" onFinish={submit}>
        <Form.Item label="类型名称" name="name" rules={customerRules.typeName}>
          <Input autoComplete="off" placeholder="请输入类型名称" maxLength={customerTextLimits.type_name} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}
