import { useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { customerMessages, type Customer, type CustomerType } from '../../../../../contract/customer';
import { isHttpError, validationErrors } from '../../../api/http-client';
import { createCustomer } from '../api/create-customer';
import { updateCustomer } from '../api/update-customer';
import { customerRules } from '../customer-rules';

export interface CustomerFormValues {
  name: string;
  type_id?: number;
  country?: string;
  contact_name?: string;
  contact_way?: string;
  address?: string;
}

const fieldNames: ReadonlyArray<keyof CustomerFormValues> = [
  'name',
  'type_id',
  'country',
  'contact_name',
  'contact_way',
  'address',
];

export interface CustomerFormDrawerProps {
  open: boolean;
  /** The row being edited; absent when adding. */
  customer?: Customer;
  types: readonly CustomerType[];
  /** The type a new customer starts with: the tab the clerk is on. */
  defaultTypeId?: number;
  onClose: () => void;
  onSaved: () => void;
}

/** Empty optional fields are sent as empty text, so that clearing one really clears it. */
const trimmed = (text: string | undefined): string => (text ?? '').trim();

export function CustomerFormDrawer({
  open,
  customer,
  types,
  defaultTypeId,
  onClose,
  onSaved,
}: CustomerFormDrawerProps) {
  const [form] = Form.useForm<CustomerFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const creating = !customer;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      customer
        ? {
            name: customer.name,
            type_id: customer.type_id,
            country: customer.country ?? '',
            contact_name: customer.contact_name ?? '',
            contact_way: customer.contact_way ?? '',
            address: customer.address ?? '',
          }
        : { type_id: defaultTypeId },
    );
  }, [open, customer, defaultTypeId, form]);

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
    const body = {
      name: values.name.trim(),
      type_id: values.type_id as number,
      country: trimmed(values.country),
      contact_name: trimmed(values.contact_name),
      contact_way: trimmed(values.contact_way),
      address: trimmed(values.address),
    };
    try {
      if (customer) {
        // The stale-save guard: the server refuses the save if someone changed the customer since.
        await updateCustomer(customer.id, { ...body, updated_at: customer.updated_at });
        message.success(customerMessages.updated);
      } else {
        await createCustomer(body);
        message.success(customerMessages.created);
      }
      onSaved();
    } catch (saveError) {
      // The drawer stays open with everything typed; the reason is shown above the fields.
      setFailure(
        isHttpError(saveError)
          ? saveError.message
          : creating
            ? customerMessages.createFailed
            : customerMessages.updateFailed,
      );
      const fields = validationErrors(saveError);
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => fieldNames.includes(name as keyof CustomerFormValues))
            .map(([name, errors]) => ({ name: name as keyof CustomerFormValues, errors })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={creating ? '新增客户' : '编辑客户'}
      open={open}
      onClose={close}
      size="min(460px, 100vw)"
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            确定
          </Button>
        </Space>
      }
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          closable={{ onClose: () => setFailure(undefined) }}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<CustomerFormValues> form={form} name="customer" layout="vertical" onFinish={submit}>
        <Form.Item label="客户名称" name="name" rules={customerRules.name}>
          <Input autoComplete="off" placeholder="请输入客户名称" maxLength={100} />
        </Form.Item>
        <Form.Item label="客户类型" name="type_id" rules={customerRules.typeId}>
          <Select
            placeholder="请选择客户类型"
            options={types.map((type) => ({ value: type.id, label: type.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="国家" name="country">
          <Input autoComplete="off" placeholder="请输入国家" maxLength={100} />
        </Form.Item>
        <Form.Item label="联系人" name="contact_name">
          <Input autoComplete="off" placeholder="请输入联系人" maxLength={100} />
        </Form.Item>
        <Form.Item label="联系方式" name="contact_way">
          <Input autoComplete="off" placeholder="电话、邮箱或其他联系方式" maxLength={100} />
        </Form.Item>
        <Form.Item label="地址" name="address">
          <Input.TextArea autoComplete="off" placeholder="请输入地址" maxLength={255} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
