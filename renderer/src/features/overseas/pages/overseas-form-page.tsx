import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { messages as commonMessages } from '../../../../../contract/common';
import { CUSTOMER_TYPE_IDS, DEFAULT_CUSTOMER_TYPE_ID, type CustomerOption } from '../../../../../contract/customer';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  MAX_CONTRACT_FILES,
  orderMessages,
  orderTextLimits,
  type Currency,
  type Order,
  type OrderBodyInput,
} from '../../../../../contract/overseas';
import { customerOptionsQueryKey } from '../../../api/customer-options';
import { isHttpError } from '../../../api/http-client';
import { CarLinesEditor } from '../../../components/car-lines-editor';
import { FormPage, useFormPage, type FormPageFailure } from '../../../components/form-page';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { UploadSlot } from '../../../components/upload-slot';
import { createOrder } from '../api/create-order';
import { ordersQueryKey } from '../api/list-orders';
import { updateOrder } from '../api/update-order';
import { PartyNameInput } from '../../../components/party-name-input';
import { useCustomerOptions, useCustomerTypeOptions } from '../hooks/use-customer-options';
import { useOrder } from '../hooks/use-order';
import { overseasPaths } from '../overseas-format';
import { orderRules } from '../overseas-rules';

/** How long the saved form stays before its tab closes (spec part 1, section 9). */
export const CLOSE_AFTER_CREATE_MS = 2000;
export const CLOSE_AFTER_EDIT_MS = 1000;

/** A car line as the form holds it (the editor's rows); id 0 or none is a new line. */
export interface OrderFormCar {
  id?: number;
  vin: string;
  model?: string | null;
  order_price?: number | string | null;
  invoice?: number | string | null;
  other?: number | string | null;
}

export interface OrderFormValues {
  order_no: string;
  amount: number | null;
  total: MoneyValue;
  currency: Currency;
  agent_id?: number;
  agent_name: string;
  contracts: string[];
  customer_id?: number;
  name: string;
  address: string;
  contact_way: string;
  country?: string;
  type_id?: number;
  agreement_no?: string;
  agreement: string[];
  cars: OrderFormCar[];
}

/** The customer's details a chosen customer fills in, and locks while it stays chosen. */
const CUSTOMER_DETAIL_FIELDS = ['address', 'contact_way', 'country', 'type_id'] as const;
type CustomerDetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number];

const emptyForm: Partial<OrderFormValues> = {
  currency: DEFAULT_CURRENCY,
  type_id: DEFAULT_CUSTOMER_TYPE_ID,
  contracts: [],
  agreement: [],
  cars: [],
};

const formFromOrder = (order: Order): Partial<OrderFormValues> => ({
  order_no: order.order_no,
  amount: order.amount,
  total: order.total,
  currency: order.currency,
  agent_id: order.agent_id ?? undefined,
  agent_name: order.agent_name ?? '',
  contracts: order.contracts ?? [],
  customer_id: order.customer_id ?? undefined,
  name: order.customer_name,
  address: order.customer_address ?? '',
  contact_way: order.customer_contact_way ?? '',
  country: order.customer_country ?? '',
  type_id: order.type_id ?? order.customer?.type_id ?? DEFAULT_CUSTOMER_TYPE_ID,
  agreement_no: order.agreement_no ?? '',
  agreement: order.agreement ? [order.agreement] : [],
  cars: order.cars.map((car) => ({
    id: car.id,
    vin: car.vin,
    model: car.model ?? '',
    order_price: car.order_price ?? undefined,
    invoice: car.invoice,
    other: car.other,
  })),
});

const trimmed = (text: string | undefined | null): string => (text ?? '').trim();

/** The body of POST /api/order and PUT /api/order/{id}: exactly the contract's fields. */
export function orderBodyFrom(values: OrderFormValues): OrderBodyInput {
  return {
    order_no: trimmed(values.order_no),
    amount: values.amount ?? '',
    total: values.total ?? '',
    currency: values.currency,
    ...(values.agent_id ? { agent_id: values.agent_id } : {}),
    agent_name: trimmed(values.agent_name),
    contracts: values.contracts ?? [],
    ...(values.customer_id ? { customer_id: values.customer_id } : {}),
    name: trimmed(values.name),
    address: trimmed(values.address),
    contact_way: trimmed(values.contact_way),
    country: trimmed(values.country),
    type_id: values.type_id ?? DEFAULT_CUSTOMER_TYPE_ID,
    agreement_no: trimmed(values.agreement_no),
    agreement: values.agreement?.[0] ?? '',
    cars: (values.cars ?? []).map((car) => ({
      id: car.id ?? 0,
      vin: trimmed(car.vin).toUpperCase(),
      model: trimmed(car.model),
      order_price: car.order_price ?? '',
      invoice: car.invoice ?? 0,
      other: car.other ?? 0,
    })),
  };
}

/** The ids of a 422 that the form shows by name: the customer and agent are picked or typed by name. */
const SHOWN_AS = { customer_id: 'name', agent_id: 'agent_name' };

const sectionStyle = { marginBottom: 16 } as const;

/** /overseas/add and /overseas/edit/:id: a fresh form for every contract (edit 3 → edit 4 starts over). */
export function OverseasFormPage() {
  const { id } = useParams();
  return <OverseasForm key={id ?? 'new'} />;
}

function OverseasForm() {
  const params = useParams();
  const orderId = params.id === undefined ? undefined : Number(params.id);
  const editing = orderId !== undefined;
  const badId = editing && !(Number.isInteger(orderId) && (orderId as number) > 0);
  const order = useOrder(badId ? undefined : orderId);
  const [form] = Form.useForm<OrderFormValues>();
  const queryClient = useQueryClient();
  const page = useFormPage(form, { closeTo: overseasPaths.list });
  const customers = useCustomerOptions();
  const customerTypes = useCustomerTypeOptions();

  /** The customer details filled from a chosen customer: locked while that customer stays chosen. */
  const [lockedFields, setLockedFields] = useState<CustomerDetailField[]>([]);
  const chosenCustomerName = useRef<string>(undefined);
  const chosenAgentName = useRef<string>(undefined);
  /** The `updated_at` of the record the form was filled from: the stale-save guard. */
  const loadedUpdatedAt = useRef<string>(undefined);
  const filledFrom = useRef<Order>(undefined);

  const customerId = Form.useWatch('customer_id', form);
  const agentId = Form.useWatch('agent_id', form);
  const orderedAmount = Form.useWatch('amount', form);
  const currency = Form.useWatch('currency', form) ?? DEFAULT_CURRENCY;
  const customerLocked = Boolean(customerId);
  const isLocked = (field: CustomerDetailField) => customerLocked && lockedFields.includes(field);

  const fill = useCallback(
    (record: Order) => {
      const values = formFromOrder(record);
      form.resetFields();
      form.setFieldsValue(values);
      loadedUpdatedAt.current = record.updated_at;
      filledFrom.current = record;
      chosenCustomerName.current = record.customer_id ? record.customer_name : undefined;
      chosenAgentName.current = record.agent_id ? (record.agent_name ?? undefined) : undefined;
      // A saved contract's customer stays chosen: its filled details are locked as after a pick.
      setLockedFields(record.customer_id ? CUSTOMER_DETAIL_FIELDS.filter((field) => Boolean(values[field])) : []);
    },
    [form],
  );

  // Filled once from the record: a refetch must never overwrite what the clerk is typing.
  useEffect(() => {
    if (order.data && filledFrom.current === undefined) fill(order.data);
  }, [order.data, fill]);

  const agents = useMemo(
    () => (customers.data ?? []).filter((customer) => customer.type_id === CUSTOMER_TYPE_IDS.agent),
    [customers.data],
  );
  const buyers = useMemo(
    () => (customers.data ?? []).filter((customer) => customer.type_id !== CUSTOMER_TYPE_IDS.agent),
    [customers.data],
  );

  const pickCustomer = (customer: CustomerOption) => {
    const details: Partial<OrderFormValues> = {
      customer_id: customer.id,
      name: customer.name,
      address: customer.address ?? '',
      contact_way: customer.contact_way ?? '',
      country: customer.country ?? '',
      type_id: customer.type_id,
    };
    chosenCustomerName.current = customer.name;
    form.setFieldsValue(details);
    // Only what the customer record has is locked: a missing address can still be completed here.
    setLockedFields(CUSTOMER_DETAIL_FIELDS.filter((field) => Boolean(details[field])));
    void form.validateFields(['name', ...CUSTOMER_DETAIL_FIELDS]).catch(() => undefined);
  };

  const pickAgent = (agent: CustomerOption) => {
    chosenAgentName.current = agent.name;
    form.setFieldsValue({ agent_id: agent.id, agent_name: agent.name });
  };

  const onValuesChange = (changed: Partial<OrderFormValues>) => {
    page.markChanged();
    // Typing another name than the chosen customer's means a new customer: forget the id, unlock.
    if (
      changed.name !== undefined &&
      changed.name !== chosenCustomerName.current &&
      form.getFieldValue('customer_id')
    ) {
      chosenCustomerName.current = undefined;
      form.setFieldsValue({ customer_id: undefined });
      setLockedFields([]);
    }
    // Free text for the agent clears the chosen agent's id.
    if (changed.agent_name !== undefined && changed.agent_name !== chosenAgentName.current) {
      chosenAgentName.current = undefined;
      if (form.getFieldValue('agent_id')) form.setFieldsValue({ agent_id: undefined });
    }
    // The car count is checked against the ordered amount again whenever either changes.
    if (changed.amount !== undefined && (form.getFieldValue('cars') ?? []).length > 0) {
      void form.validateFields(['amount']).catch(() => undefined);
    }
  };

  const save = () =>
    page.save({
      send: (values) =>
        editing
          ? updateOrder(orderId as number, { ...orderBodyFrom(values), updated_at: loadedUpdatedAt.current })
          : createOrder(orderBodyFrom(values)),
      fallback: editing ? orderMessages.updateFailed : orderMessages.saveFailed,
      savedMessage: editing ? orderMessages.updated : orderMessages.created,
      closeAfterMs: editing ? CLOSE_AFTER_EDIT_MS : CLOSE_AFTER_CREATE_MS,
      shownAs: SHOWN_AS,
      // The list, the details and the customer suggestions (a new customer may have been made) are stale.
      onSaved: () => {
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        void queryClient.invalidateQueries({ queryKey: customerOptionsQueryKey });
      },
    });

  const reloadLatest = async () => {
    const fresh = await order.refetch();
    if (fresh.data) {
      fill(fresh.data);
      page.markUnchanged();
      page.clearFailure();
    }
  };

  /** A save refused because someone else saved first: the clerk may drop the edits for the latest. */
  const staleAction = ({ text, error }: FormPageFailure) =>
    isHttpError(error) && error.status === 409 && text === commonMessages.staleRecord ? (
      <Button size="small" onClick={() => void reloadLatest()}>
        放弃修改并载入最新内容
      </Button>
    ) : undefined;

  if (badId || (editing && order.isError && !order.data)) {
    return (
      <Result
        status="warning"
        title={commonMessages.notFound}
        subTitle="该海外合同不存在或已被删除"
        extra={<Button onClick={page.close}>返回</Button>}
      />
    );
  }

  const title = editing ? '编辑海外合同' : '新建海外合同';
  const amountRules = [
    ...orderRules.amount,
    {
      validator: async (_: unknown, amount: number | null) => {
        const count = (form.getFieldValue('cars') ?? []).length;
        if (typeof amount === 'number' && count > amount) throw new Error(orderMessages.tooManyCars);
      },
    },
  ];

  return (
    <FormPage
      page={page}
      className="overseas-form-page"
      title={title}
      onSave={() => void save()}
      saveDisabled={editing && !order.data}
      loading={editing && order.isPending}
      failureAction={staleAction}
    >
      <Form<OrderFormValues>
        form={form}
        name="overseas-order"
        layout="vertical"
        initialValues={emptyForm}
        onValuesChange={onValuesChange}
        scrollToFirstError={{ block: 'center' }}
        // No submit on Enter: a clerk moving through fields with Enter must not save half a contract.
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
        }}
      >
        <Form.Item name="customer_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="agent_id" hidden>
          <Input />
        </Form.Item>

        <Card size="small" title="合同信息" style={sectionStyle}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="合同号" name="order_no" rules={orderRules.orderNo}>
                <Input autoComplete="off" maxLength={orderTextLimits.order_no} placeholder="请输入海外合同号" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="订购数量"
                name="amount"
                rules={amountRules}
                dependencies={[['cars']]}
                extra="车辆信息中最多可添加该数量的车辆"
              >
                <InputNumber<number> style={{ width: '100%' }} placeholder="请输入订单总数" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="合同总额" name="total" rules={orderRules.total}>
                <MoneyInput placeholder="请输入订单总额" suffix={currency} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="币种" name="currency">
                <Radio.Group
                  optionType="button"
                  options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="代理人"
                name="agent_name"
                rules={orderRules.agentName}
                extra={
                  agentId ? (
                    <Typography.Text type="success">已选择代理人资料</Typography.Text>
                  ) : (
                    '从代理人中选择，或直接填写'
                  )
                }
              >
                <PartyNameInput options={agents} onPick={pickAgent} placeholder="请输入或选择代理人" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="合同文件" name="contracts" rules={orderRules.contracts}>
                <UploadSlot dir="contract" maxCount={MAX_CONTRACT_FILES} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card
          size="small"
          title="客户信息"
          style={sectionStyle}
          extra={
            customerLocked ? (
              <Tag icon={<LockOutlined />} color="blue">
                已选择现有客户，资料已锁定；输入新的客户名称可新建客户
              </Tag>
            ) : null
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="客户名称" name="name" rules={orderRules.name}>
                <PartyNameInput options={buyers} onPick={pickCustomer} placeholder="请输入或选择客户" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="客户类型" name="type_id" rules={orderRules.typeId}>
                <Select
                  allowClear
                  disabled={isLocked('type_id')}
                  placeholder="请选择客户类型"
                  loading={customerTypes.isPending}
                  options={(customerTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="国家" name="country" rules={orderRules.country}>
                <Input
                  autoComplete="off"
                  maxLength={orderTextLimits.country}
                  disabled={isLocked('country')}
                  placeholder="请输入国家"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="联系方式" name="contact_way" rules={orderRules.contactWay}>
                <Input
                  autoComplete="off"
                  maxLength={orderTextLimits.contact_way}
                  disabled={isLocked('contact_way')}
                  placeholder="电话、邮箱或其他联系方式"
                />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
              <Form.Item label="客户地址" name="address" rules={orderRules.address}>
                <Input
                  autoComplete="off"
                  maxLength={orderTextLimits.address}
                  showCount
                  disabled={isLocked('address')}
                  placeholder="请输入客户地址"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title="代付协议（选填）" style={sectionStyle}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="协议编号" name="agreement_no" rules={orderRules.agreementNo}>
                <Input autoComplete="off" maxLength={orderTextLimits.agreement_no} placeholder="请输入代付协议编号" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={16}>
              <Form.Item label="协议文件" name="agreement">
                <UploadSlot dir="agreement" maxCount={1} exceedMessage="onlyOne" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title="车辆信息" style={{ marginBottom: 0 }}>
          <CarLinesEditor
            name="cars"
            side="order"
            priceField="order_price"
            contractId={orderId}
            maxCount={typeof orderedAmount === 'number' ? orderedAmount : 0}
          />
        </Card>
      </Form>
    </FormPage>
  );
}
