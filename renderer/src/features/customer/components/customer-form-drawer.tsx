import { useEffect, useState } from 'react';
import { App, Form, Input, Select, Tabs } from 'antd';
import {
  customerMessages,
  customerTextLimits,
  type Customer,
  type CustomerType,
} from '../../../../../contract/customer';
import { FormDrawer } from '../../../components/form-dialog';
import { FormFailure } from '../../../components/form-failure';
import { HISTORY_TITLE } from '../../../components/history-drawer';
import { HistoryList } from '../../../components/history-list';
import { useFormSave } from '../../../components/form-save';
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
  const { saving, failure, forget, save } = useFormSave(form);
  const creating = !customer;
  const [tab, setTab] = useState('form');

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
    forget();
    // The next opening starts on the form.
    setTab('form');
    onClose();
  };

  const submit = async () => {
    // A field the save refuses is shown: the form's tab comes forward.
    setTab('form');
    // A refusal keeps the drawer open with everything typed; the reason is shown above the fields.
    const saved = await save(
      (values) => {
        const body = {
          name: values.name.trim(),
          type_id: values.type_id as number,
          country: trimmed(values.country),
          contact_name: trimmed(values.contact_name),
          contact_way: trimmed(values.contact_way),
          address: trimmed(values.address),
        };
        // The stale-save guard: the server refuses the save if someone changed the customer since.
        return customer
          ? updateCustomer(customer.id, { ...body, updated_at: customer.updated_at })
          : createCustomer(body);
      },
      creating ? customerMessages.createFailed : customerMessages.updateFailed,
    );
    if (!saved) return;
    message.success(creating ? customerMessages.created : customerMessages.updated);
    setTab('form');
    onSaved();
  };

  const fields = (
    <>
      <FormFailure text={failure} onClose={forget} />
      <Form<CustomerFormValues> form={form} name="customer" layout="vertical" onFinish={submit}>
        <Form.Item label="客户名称" name="name" rules={customerRules.name}>
          <Input autoComplete="off" placeholder="请输入客户名称" maxLength={customerTextLimits.name} />
        </Form.Item>
        <Form.Item label="客户类型" name="type_id" rules={customerRules.typeId}>
          <Select
            placeholder="请选择客户类型"
            options={types.map((type) => ({ value: type.id, label: type.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="国家" name="country" rules={customerRules.country}>
          <Input autoComplete="off" placeholder="请输入国家" maxLength={customerTextLimits.country} />
        </Form.Item>
        <Form.Item label="联系人" name="contact_name" rules={customerRules.contactName}>
          <Input autoComplete="off" placeholder="请输入联系人" maxLength={customerTextLimits.contact_name} />
        </Form.Item>
        <Form.Item label="联系方式" name="contact_way" rules={customerRules.contactWay}>
          <Input autoComplete="off" placeholder="电话、邮箱或其他联系方式" maxLength={customerTextLimits.contact_way} />
        </Form.Item>
        <Form.Item label="地址" name="address" rules={customerRules.address}>
          <Input.TextArea
            autoComplete="off"
            placeholder="请输入地址"
            maxLength={customerTextLimits.address}
            showCount
            autoSize={{ minRows: 2 }}
          />
        </Form.Item>
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </>
  );

  return (
    <FormDrawer
      title={creating ? '新增客户' : '编辑客户'}
      open={open}
      saving={saving}
      onSave={submit}
      onCancel={close}
      width={460}
    >
      {creating ? (
        fields
      ) : (
        // The form stays mounted on the 变更记录 tab, so what was typed is kept and 确定 still saves it.
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'form', label: '客户信息', children: fields },
            {
              key: 'history',
              label: HISTORY_TITLE,
              children: <HistoryList target={{ entity: 'customer', id: customer.id }} />,
            },
          ]}
        />
      )}
    </FormDrawer>
  );
}
