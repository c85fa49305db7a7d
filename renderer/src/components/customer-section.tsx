/**
 * The 客户信息 card of a contract form (overseas and purchase contracts, later the other contracts that name
 * a customer): the name is either picked from the existing customers or typed as a new one, and a picked
 * customer's details are filled in and locked while that customer stays chosen.
 *
 * `useCustomerPick(form, fields)` holds the choice; `<CustomerSection side={…} customer={…} rules={…}
 * limits={…}>` draws the card inside the screen's `<Form>`. The form's field names are the same on every
 * contract (`customer_id`, `name`, `type_id`, `country`, `contact_way`, `address`), as in API.md's bodies.
 *
 * Sellers are not overseas customers (issue 24 point 4): a purchase contract's party is a 供应商 (the
 * suggestions are sellers, the type is 供应商 unless an older contract holds another), an overseas
 * contract's is not (the suggestions are neither sellers nor agents, the types all but 供应商).
 */
import { useEffect, useRef, useState } from 'react';
import { Card, Col, Form, Input, Row, Select, Tag, type FormInstance, type FormRule } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CustomerOption } from '../../../contract/customer';
import { type ContractSide, customerTypesQuery, typeOfKind, typesForSide } from '../api/customer-types';
import { clearable } from './clearable';
import { PartyNameInput } from './party-name-input';

/** The customer's details a chosen customer fills in. */
export type CustomerDetailField = 'address' | 'contact_way' | 'country' | 'type_id';

/** The customer's part of a contract form's values. */
export interface CustomerFormValues {
  customer_id?: number;
  name: string;
  address: string;
  contact_way: string;
  country?: string;
  type_id?: number;
}

export interface CustomerPick {
  /** The details this form has (a purchase contract has no country). */
  fields: readonly CustomerDetailField[];
  /** An existing customer is chosen: the card says so. */
  chosen: boolean;
  /** The detail is the chosen customer's and may not be changed here. */
  isLocked: (field: CustomerDetailField) => boolean;
  /** A suggestion was picked: its id and details go into the form. */
  pick: (customer: CustomerOption) => void;
  /** The form was filled from a saved contract (its customer stays chosen, as after a pick). */
  filledFrom: (values: Partial<CustomerFormValues>) => void;
  /** Give it the form's `onValuesChange` changes: another name than the chosen one means a new customer. */
  valuesChanged: (changed: Partial<CustomerFormValues>) => void;
}

/** Only what the customer record has is locked: a missing address can still be completed here. */
const filledFields = (fields: readonly CustomerDetailField[], values: Partial<CustomerFormValues>) =>
  fields.filter((field) => Boolean(values[field]));

export function useCustomerPick(
  // Any contract form: only the customer's fields are read and written.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>,
  fields: readonly CustomerDetailField[],
): CustomerPick {
  const [lockedFields, setLockedFields] = useState<CustomerDetailField[]>([]);
  const chosenName = useRef<string>(undefined);
  const chosen = Boolean(Form.useWatch('customer_id', form));

  const pick = (customer: CustomerOption) => {
    const all: Required<Pick<CustomerFormValues, CustomerDetailField>> = {
      address: customer.address ?? '',
      contact_way: customer.contact_way ?? '',
      country: customer.country ?? '',
      type_id: customer.type_id,
    };
    const details: Partial<CustomerFormValues> = { customer_id: customer.id, name: customer.name };
    for (const field of fields) Object.assign(details, { [field]: all[field] });
    chosenName.current = customer.name;
    form.setFieldsValue(details);
    setLockedFields(filledFields(fields, details));
    void form.validateFields(['name', ...fields]).catch(() => undefined);
  };

  const filledFrom = (values: Partial<CustomerFormValues>) => {
    chosenName.current = values.customer_id ? values.name : undefined;
    setLockedFields(values.customer_id ? filledFields(fields, values) : []);
  };

  const valuesChanged = (changed: Partial<CustomerFormValues>) => {
    if (changed.name !== undefined && changed.name !== chosenName.current && form.getFieldValue('customer_id')) {
      chosenName.current = undefined;
      form.setFieldsValue({ customer_id: undefined });
      setLockedFields([]);
    }
  };

  return {
    fields,
    chosen,
    isLocked: (field) => chosen && lockedFields.includes(field),
    pick,
    filledFrom,
    valuesChanged,
  };
}

export interface CustomerSectionProps {
  /** The contract the card belongs to: an overseas contract's customer or a purchase contract's seller. */
  side: ContractSide;
  customer: CustomerPick;
  /** The contract's rules: the messages differ (a purchase contract's contact is optional). */
  rules: {
    name: FormRule[];
    typeId: FormRule[];
    country?: FormRule[];
    contactWay: FormRule[];
    address: FormRule[];
  };
  /** The contract's text limits, as the server checks them. */
  limits: { name: number; country?: number; contact_way: number; address: number };
  style?: React.CSSProperties;
}

export function CustomerSection({ side, customer, rules, limits, style }: CustomerSectionProps) {
  // Types change rarely: no refetch when the window regains focus under a clerk's typing.
  const customerTypes = useQuery({ ...customerTypesQuery(), refetchOnWindowFocus: false });
  const { isLocked } = customer;
  const form = Form.useFormInstance();
  const typeId = Form.useWatch('type_id', form) as number | undefined;
  const types = customerTypes.data ?? [];
  const seller = typeOfKind(types, 'seller');
  const offeredTypes = typesForSide(types, side, typeId);
  // A purchase contract's new seller is a 供应商: nothing to choose (an older contract's customer keeps
  // its type while it stays chosen; another name makes a new seller).
  const sellerId = side === 'purchase' ? seller?.id : undefined;
  const chosen = customer.chosen;
  useEffect(() => {
    if (sellerId !== undefined && !chosen && typeId !== sellerId) form.setFieldValue('type_id', sellerId);
  }, [form, sellerId, chosen, typeId]);
  const onlySeller = sellerId !== undefined && offeredTypes.length === 1;

  return (
    <Card
      size="small"
      title="客户信息"
      style={style}
      extra={
        customer.chosen ? (
          <Tag icon={<LockOutlined />} color="blue">
            已选择现有客户，资料已锁定；输入新的客户名称可新建客户
          </Tag>
        ) : null
      }
    >
      <Form.Item name="customer_id" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label="客户名称" name="name" rules={rules.name}>
            <PartyNameInput
              // Sellers on a purchase contract; on an overseas contract neither sellers nor agents (agents
              // are picked in the overseas form's own field).
              kind={side === 'purchase' ? 'seller' : 'customer'}
              onPick={customer.pick}
              placeholder={side === 'purchase' ? '请输入或选择供应商' : '请输入或选择客户'}
              maxLength={limits.name}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            label="客户类型"
            name="type_id"
            rules={rules.typeId}
            // Greyed like a locked detail: say why there is nothing to choose.
            extra={onlySeller ? '采购合同的客户均为供应商' : undefined}
          >
            <Select
              allowClear={onlySeller ? false : clearable}
              disabled={isLocked('type_id') || onlySeller}
              placeholder="请选择客户类型"
              loading={customerTypes.isPending}
              options={offeredTypes.map((type) => ({ value: type.id, label: type.name }))}
            />
          </Form.Item>
        </Col>
        {customer.fields.includes('country') ? (
          <Col xs={24} md={12} xl={8}>
            <Form.Item label="国家" name="country" rules={rules.country}>
              <Input
                autoComplete="off"
                maxLength={limits.country}
                disabled={isLocked('country')}
                placeholder="请输入国家"
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12} xl={8}>
          <Form.Item label="联系方式" name="contact_way" rules={rules.contactWay}>
            <Input
              autoComplete="off"
              maxLength={limits.contact_way}
              disabled={isLocked('contact_way')}
              placeholder="电话、邮箱或其他联系方式"
            />
          </Form.Item>
        </Col>
        <Col xs={24} xl={16}>
          <Form.Item label="客户地址" name="address" rules={rules.address}>
            <Input
              autoComplete="off"
              maxLength={limits.address}
              showCount
              disabled={isLocked('address')}
              placeholder="请输入客户地址"
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
