import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { customerMessages, type CustomerType } from '../../../../../contract/customer';
import { isHttpError, validationErrors } from '../../../api/http-client';
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
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const creating = !type;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (type) form.setFieldsValue({ name: type.name });
  }, [open, type, form]);

  // A failure belongs to one opening of the form: closing it forgets the message.
  const close = () => {
    setFailure(undefined);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    setFailure(undefined);
    try {
      if (type) {
        await updateCustomerType(type.id, { name: values.name.trim() });
        message.success(customerMessages.typeUpdated);
      } else {
        await createCustomerType({ name: values.name.trim() });
        message.success(customerMessages.typeCreated);
      }
      onSaved();
    } catch (saveError) {
      // The dialog stays open with the name typed; the reason (a duplicate, a stale save) is shown in it.
      setFailure(isHttpError(saveError) ? saveError.message : customerMessages.saveFailed);
      const nameErrors = validationErrors(saveError)?.name;
      if (nameErrors) form.setFields([{ name: 'name', errors: nameErrors }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={creating ? '新增客户类型' : '修改客户类型'}
      open={open}
      onCancel={close}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<CustomerTypeFormValues> form={form} name="customer-type" layout="vertical" onFinish={submit}>
        <Form.Item label="类型名称" name="name" rules={customerRules.typeName}>
          <Input autoComplete="off" placeholder="请输入类型名称" maxLength={50} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
