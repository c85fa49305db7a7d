import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Card, Col, Form, Input, Radio, Row, Typography } from 'antd';
import { DEFAULT_CUSTOMER_TYPE_ID, type CustomerOption } from '../../../../../contract/customer';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  MAX_CONTRACT_FILES,
  type Currency,
  type Order,
  type OrderBodyInput,
} from '../../../../../contract/overseas';
import { orderMessages, orderTextLimits } from '../../../../../contract/overseas-messages';
import { customerOptionsQueryKey } from '../../../api/customer-options';
import { CarLinesEditor } from '../../../components/car-lines-editor';
import {
  CustomerSection,
  useCustomerPick,
  type CustomerDetailField,
  type CustomerFormValues,
} from '../../../components/customer-section';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { OrderedAmountField, recheckAmount } from '../../../components/ordered-amount';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, useRouteRecordId } from '../../../components/route-record';
import { UploadSlot } from '../../../components/upload-slot';
import { PartyNameInput } from '../../../components/party-name-input';
import { createOrder } from '../api/create-order';
import { ordersQueryKey } from '../api/list-orders';
import { updateOrder } from '../api/update-order';
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

/** The contract's fields; the customer's are those of `CustomerSection`. */
export interface OrderFormValues extends CustomerFormValues {
  order_no: string;
  amount: number | null;
  total: MoneyValue;
  currency: Currency;
  agent_id?: number;
  agent_name: string;
  contracts: string[];
  agreement_no?: string;
  agreement: string[];
  cars: OrderFormCar[];
}

/** The customer's details a chosen customer fills in, and locks while it stays chosen. */
const CUSTOMER_DETAIL_FIELDS: readonly CustomerDetailField[] = ['address', 'contact_way', 'country', 'type_id'];

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
  const route = useRouteRecordId();
  const order = useOrder(route.id);
  const [form] = Form.useForm<OrderFormValues>();
  const page = useFormPage(form, { closeTo: overseasPaths.list });
  const customer = useCustomerPick(form, CUSTOMER_DETAIL_FIELDS);
  const chosenAgentName = useRef<string>(undefined);

  const agentId = Form.useWatch('agent_id', form);
  const orderedAmount = Form.useWatch('amount', form);
  const currency = Form.useWatch('currency', form) ?? DEFAULT_CURRENCY;

  const record = useRecordForm({
    page,
    route,
    record: order,
    fill: (saved: Order) => {
      const values = formFromOrder(saved);
      form.resetFields();
      form.setFieldsValue(values);
      chosenAgentName.current = saved.agent_id ? (saved.agent_name ?? undefined) : undefined;
      customer.filledFrom(values);
    },
  });

  const pickAgent = (agent: CustomerOption) => {
    chosenAgentName.current = agent.name;
    form.setFieldsValue({ agent_id: agent.id, agent_name: agent.name });
  };

  const onValuesChange = (changed: Partial<OrderFormValues>) => {
    page.markChanged();
    customer.valuesChanged(changed);
    // Free text for the agent clears the chosen agent's id.
    if (changed.agent_name !== undefined && changed.agent_name !== chosenAgentName.current) {
      chosenAgentName.current = undefined;
      if (form.getFieldValue('agent_id')) form.setFieldsValue({ agent_id: undefined });
    }
    recheckAmount(form, changed, 'cars');
  };

  const save = () =>
    record.save({
      body: orderBodyFrom,
      create: createOrder,
      update: updateOrder,
      messages: orderMessages,
      closeAfterMs: { create: CLOSE_AFTER_CREATE_MS, edit: CLOSE_AFTER_EDIT_MS },
      shownAs: SHOWN_AS,
      // The list, the details and the customer suggestions (a new customer may have been made) are stale.
      staleQueries: [ordersQueryKey, customerOptionsQueryKey],
    });

  if (route.bad || (record.editing && order.isError && !order.data)) {
    return <RecordMissing missingText="该海外合同不存在或已被删除" onBack={page.close} />;
  }

  const title = record.editing ? '编辑海外合同' : '新建海外合同';

  return (
    <FormPage page={page} className="overseas-form-page" title={title} onSave={() => void save()} {...record.frame}>
      <PageForm<OrderFormValues>
        form={form}
        name="overseas-order"
        initialValues={emptyForm}
        onValuesChange={onValuesChange}
      >
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
              <OrderedAmountField
                label="订购数量"
                placeholder="请输入订单总数"
                rules={orderRules.amount}
                carsField="cars"
                tooManyCars={orderMessages.tooManyCars}
              />
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
                <PartyNameInput kind="agent" onPick={pickAgent} placeholder="请输入或选择代理人" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="合同文件" name="contracts" rules={orderRules.contracts}>
                <UploadSlot dir="contract" maxCount={MAX_CONTRACT_FILES} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <CustomerSection
          side="order"
          customer={customer}
          rules={orderRules}
          limits={orderTextLimits}
          style={sectionStyle}
        />

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
            contractId={route.id}
            maxCount={typeof orderedAmount === 'number' ? orderedAmount : 0}
          />
        </Card>
      </PageForm>
    </FormPage>
  );
}
