import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { App, Button, Card, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Tag } from 'antd';
import { ImportOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages as commonMessages } from '../../../../../contract/common';
import { CUSTOMER_TYPE_IDS, type CustomerOption } from '../../../../../contract/customer';
import {
  MAX_PURCHASE_CONTRACT_FILES,
  PURCHASE_CURRENCY,
  purchaseMessages,
  purchaseTextLimits,
  purchaseTypeLabels,
  type Purchase,
  type PurchaseBodyInput,
  type PurchaseType,
} from '../../../../../contract/purchase';
import { customerOptionsQuery, customerOptionsQueryKey } from '../../../api/customer-options';
import { customerTypesQuery } from '../../../api/customer-types';
import { isHttpError } from '../../../api/http-client';
import { CarLinesEditor, type CarLine } from '../../../components/car-lines-editor';
import { FormPage, useFormPage, type FormPageFailure } from '../../../components/form-page';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { PartyNameInput } from '../../../components/party-name-input';
import { UploadSlot } from '../../../components/upload-slot';
import { createPurchase } from '../api/create-purchase';
import { importOrderCars } from '../api/import-order-cars';
import { purchasesQueryKey } from '../api/list-purchases';
import { updatePurchase } from '../api/update-purchase';
import { MoneyCapitals } from '../components/money-capitals';
import { usePurchase } from '../hooks/use-purchase';
import { purchasePaths } from '../purchase-format';
import { purchaseRules } from '../purchase-rules';

/** How long the saved form stays before its tab closes (spec part 2, section 2: 1 s on this form). */
export const PURCHASE_CLOSE_AFTER_MS = 1000;

export interface PurchaseFormCar {
  id?: number;
  vin: string;
  model?: string | null;
  price?: number | string | null;
  invoice?: number | string | null;
  other?: number | string | null;
}

export interface PurchaseFormValues {
  type?: PurchaseType;
  total: MoneyValue;
  purchase_no: string;
  amount: number | null;
  customer_id?: number;
  name: string;
  type_id?: number;
  address: string;
  contact_way: string;
  order_id?: number;
  contracts: string[];
  car: PurchaseFormCar[];
}

const CUSTOMER_DETAIL_FIELDS = ['address', 'contact_way', 'type_id'] as const;
type CustomerDetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number];

const emptyForm: Partial<PurchaseFormValues> = { contracts: [], car: [] };

const formFromPurchase = (purchase: Purchase): Partial<PurchaseFormValues> => ({
  type: purchase.type,
  total: purchase.total,
  purchase_no: purchase.purchase_no,
  amount: purchase.amount,
  customer_id: purchase.customer_id ?? undefined,
  name: purchase.customer_name,
  type_id: purchase.customer_type_id ?? undefined,
  address: purchase.customer_address ?? '',
  contact_way: purchase.customer_contact_way ?? '',
  order_id: purchase.order_id ?? undefined,
  contracts: purchase.contracts,
  car: purchase.car.map((car) => ({
    id: car.id,
    vin: car.vin,
    model: car.model ?? '',
    price: car.price ?? undefined,
    invoice: car.invoice,
    other: car.other,
  })),
});

const trimmed = (text: string | undefined | null): string => (text ?? '').trim();

/** The body of POST /api/purchase and PUT /api/purchase/{id}: exactly the contract's fields. */
export function purchaseBodyFrom(values: PurchaseFormValues): PurchaseBodyInput {
  return {
    total: values.total ?? '',
    type: values.type ?? '',
    purchase_no: trimmed(values.purchase_no),
    amount: values.amount ?? '',
    ...(values.customer_id ? { customer_id: values.customer_id } : {}),
    name: trimmed(values.name),
    type_id: values.type_id ?? '',
    address: trimmed(values.address),
    contact_way: trimmed(values.contact_way),
    ...(values.order_id ? { order_id: values.order_id } : {}),
    contracts: values.contracts ?? [],
    car: (values.car ?? []).map((car) => ({
      id: car.id ?? 0,
      vin: trimmed(car.vin).toUpperCase(),
      model: trimmed(car.model),
      price: car.price ?? '',
      invoice: car.invoice ?? 0,
      other: car.other ?? 0,
    })),
  };
}

/** The ids of a 422 that the form shows by name. */
const SHOWN_AS = { customer_id: 'name' };
const sectionStyle = { marginBottom: 16 } as const;

/** /purchase/add and /purchase/edit/:id: a fresh form for every contract. */
export function PurchaseFormPage() {
  const { id } = useParams();
  return <PurchaseForm key={id ?? 'new'} />;
}

/** 导入海外合同车辆: the cars of an overseas contract that no purchase contract holds yet. */
function OrderCarsImport({ onImport }: { onImport: (cars: CarLine[], orderId: number) => void }) {
  const form = Form.useFormInstance<PurchaseFormValues>();
  const { message } = App.useApp();
  const [orderNo, setOrderNo] = useState('');
  const [loading, setLoading] = useState(false);

  const run = async () => {
    if (!form.getFieldValue('type')) return void message.error(purchaseMessages.typeFirst);
    const number = orderNo.trim();
    if (!number) return void message.error(purchaseMessages.orderNoForImport);
    setLoading(true);
    try {
      const answer = await importOrderCars(number);
      if (answer.car.length === 0) return void message.warning(`海外合同 ${number} 没有可导入的车辆`);
      onImport(
        answer.car.map((car) => ({ id: 0, vin: car.vin, model: car.model ?? '', price: null, invoice: 0, other: 0 })),
        answer.order_id,
      );
    } catch (error) {
      void message.error(error instanceof Error ? error.message : purchaseMessages.importOrderUnknown);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space.Compact style={{ width: 360 }}>
      <Input
        aria-label="海外合同号"
        placeholder="海外合同号"
        maxLength={purchaseTextLimits.order_no}
        value={orderNo}
        onChange={(event) => setOrderNo(event.target.value)}
        onPressEnter={(event) => {
          event.preventDefault();
          void run();
        }}
      />
      <Button icon={<ImportOutlined />} loading={loading} onClick={() => void run()}>
        导入海外合同车辆
      </Button>
    </Space.Compact>
  );
}

function PurchaseForm() {
  const params = useParams();
  const purchaseId = params.id === undefined ? undefined : Number(params.id);
  const editing = purchaseId !== undefined;
  const badId = editing && !(Number.isInteger(purchaseId) && (purchaseId as number) > 0);
  const purchase = usePurchase(badId ? undefined : purchaseId);
  const [form] = Form.useForm<PurchaseFormValues>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const page = useFormPage(form, { closeTo: purchasePaths.list });
  const customers = useQuery(customerOptionsQuery());
  const customerTypes = useQuery({ ...customerTypesQuery(), refetchOnWindowFocus: false });

  const [lockedFields, setLockedFields] = useState<CustomerDetailField[]>([]);
  const chosenCustomerName = useRef<string>(undefined);
  const loadedUpdatedAt = useRef<string>(undefined);
  const filledFrom = useRef<Purchase>(undefined);

  const customerId = Form.useWatch('customer_id', form);
  const orderedAmount = Form.useWatch('amount', form);
  const contractType = Form.useWatch('type', form);
  const total = Form.useWatch('total', form);
  const customerLocked = Boolean(customerId);
  const isLocked = (field: CustomerDetailField) => customerLocked && lockedFields.includes(field);

  const fill = useCallback(
    (record: Purchase) => {
      const values = formFromPurchase(record);
      form.resetFields();
      form.setFieldsValue(values);
      loadedUpdatedAt.current = record.updated_at;
      filledFrom.current = record;
      chosenCustomerName.current = record.customer_id ? record.customer_name : undefined;
      setLockedFields(record.customer_id ? CUSTOMER_DETAIL_FIELDS.filter((field) => Boolean(values[field])) : []);
    },
    [form],
  );

  useEffect(() => {
    if (purchase.data && filledFrom.current === undefined) fill(purchase.data);
  }, [purchase.data, fill]);

  // Sellers, not agents: the agents belong to the overseas side.
  const sellers = useMemo(
    () => (customers.data ?? []).filter((customer) => customer.type_id !== CUSTOMER_TYPE_IDS.agent),
    [customers.data],
  );

  const pickCustomer = (customer: CustomerOption) => {
    const details: Partial<PurchaseFormValues> = {
      customer_id: customer.id,
      name: customer.name,
      address: customer.address ?? '',
      contact_way: customer.contact_way ?? '',
      type_id: customer.type_id,
    };
    chosenCustomerName.current = customer.name;
    form.setFieldsValue(details);
    setLockedFields(CUSTOMER_DETAIL_FIELDS.filter((field) => Boolean(details[field])));
    void form.validateFields(['name', ...CUSTOMER_DETAIL_FIELDS]).catch(() => undefined);
  };

  const onValuesChange = (changed: Partial<PurchaseFormValues>) => {
    page.markChanged();
    if (
      changed.name !== undefined &&
      changed.name !== chosenCustomerName.current &&
      form.getFieldValue('customer_id')
    ) {
      chosenCustomerName.current = undefined;
      form.setFieldsValue({ customer_id: undefined });
      setLockedFields([]);
    }
    if (changed.amount !== undefined && (form.getFieldValue('car') ?? []).length > 0) {
      void form.validateFields(['amount']).catch(() => undefined);
    }
  };

  /** The imported cars go after the lines already there, never past the ordered amount. */
  /** Cars of an overseas contract: the purchase contract now buys for that contract (批量移交 follows it). */
  const addImportedCars = (cars: CarLine[], orderId?: number) => {
    if (orderId !== undefined) form.setFieldValue('order_id', orderId);
    const current = (form.getFieldValue('car') as PurchaseFormCar[] | undefined) ?? [];
    const listed = new Set(current.map((car) => trimmed(car.vin).toUpperCase()));
    const fresh = cars.filter((car) => !listed.has(car.vin.toUpperCase()));
    const limit = typeof orderedAmount === 'number' ? orderedAmount : 0;
    const room = Math.max(0, limit - current.length);
    if (fresh.length > 0 && room === 0) return void message.error(purchaseMessages.tooManyCarsOnAdd);
    const added = fresh.slice(0, room);
    form.setFieldValue('car', [...current, ...added]);
    page.markChanged();
    void message.success(`已导入 ${added.length} 辆车`);
    if (fresh.length > added.length)
      void message.warning(`另有 ${fresh.length - added.length} 辆车超出合同订购总数，未导入`);
  };

  const save = () =>
    page.save({
      send: (values) =>
        editing
          ? updatePurchase(purchaseId as number, { ...purchaseBodyFrom(values), updated_at: loadedUpdatedAt.current })
          : createPurchase(purchaseBodyFrom(values)),
      fallback: editing ? purchaseMessages.updateFailed : purchaseMessages.saveFailed,
      savedMessage: editing ? purchaseMessages.updated : purchaseMessages.created,
      closeAfterMs: PURCHASE_CLOSE_AFTER_MS,
      shownAs: SHOWN_AS,
      onSaved: () => {
        void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
        void queryClient.invalidateQueries({ queryKey: customerOptionsQueryKey });
      },
    });

  const reloadLatest = async () => {
    const fresh = await purchase.refetch();
    if (fresh.data) {
      fill(fresh.data);
      page.markUnchanged();
      page.clearFailure();
    }
  };

  const staleAction = ({ text, error }: FormPageFailure) =>
    isHttpError(error) && error.status === 409 && text === commonMessages.staleRecord ? (
      <Button size="small" onClick={() => void reloadLatest()}>
        放弃修改并载入最新内容
      </Button>
    ) : undefined;

  if (badId || (editing && purchase.isError && !purchase.data)) {
    return (
      <Result
        status="warning"
        title={commonMessages.notFound}
        subTitle="该采购合同不存在或已被删除"
        extra={<Button onClick={page.close}>返回</Button>}
      />
    );
  }

  const amountRules = [
    ...purchaseRules.amount,
    {
      validator: async (_: unknown, amount: number | null) => {
        const count = (form.getFieldValue('car') ?? []).length;
        if (typeof amount === 'number' && count > amount) throw new Error(purchaseMessages.tooManyCars);
      },
    },
  ];

  return (
    <FormPage
      page={page}
      className="purchase-form-page"
      title={editing ? '编辑采购合同' : '新建采购合同'}
      onSave={() => void save()}
      saveDisabled={editing && !purchase.data}
      loading={editing && purchase.isPending}
      failureAction={staleAction}
    >
      <Form<PurchaseFormValues>
        form={form}
        name="purchase-contract"
        layout="vertical"
        initialValues={emptyForm}
        onValuesChange={onValuesChange}
        scrollToFirstError={{ block: 'center' }}
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
        }}
      >
        <Form.Item name="customer_id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="order_id" hidden>
          <Input />
        </Form.Item>

        <Card size="small" title="合同信息" style={sectionStyle}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="合同类型" name="type" rules={purchaseRules.type}>
                <Radio.Group
                  optionType="button"
                  options={([1, 2] as const).map((type) => ({ value: type, label: purchaseTypeLabels[type] }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="采购合同号" name="purchase_no" rules={purchaseRules.purchaseNo}>
                <Input autoComplete="off" maxLength={purchaseTextLimits.purchase_no} placeholder="请输入采购合同号" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="采购数量"
                name="amount"
                rules={amountRules}
                dependencies={[['car']]}
                extra="车辆信息中最多可添加该数量的车辆"
              >
                <InputNumber<number> style={{ width: '100%' }} placeholder="请输入采购数量" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="合同总额"
                name="total"
                rules={purchaseRules.total}
                extra={<MoneyCapitals value={total} />}
              >
                <MoneyInput placeholder="请输入合同总额" suffix={PURCHASE_CURRENCY} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
              <Form.Item label="合同文件" name="contracts">
                <UploadSlot dir="contract" maxCount={MAX_PURCHASE_CONTRACT_FILES} onePerPick />
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
              <Form.Item label="客户名称" name="name" rules={purchaseRules.name}>
                <PartyNameInput
                  options={sellers}
                  onPick={pickCustomer}
                  placeholder="请输入或选择客户"
                  maxLength={purchaseTextLimits.name}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="客户类型" name="type_id" rules={purchaseRules.typeId}>
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
              <Form.Item label="联系方式" name="contact_way" rules={purchaseRules.contactWay}>
                <Input
                  autoComplete="off"
                  maxLength={purchaseTextLimits.contact_way}
                  disabled={isLocked('contact_way')}
                  placeholder="电话、邮箱或其他联系方式"
                />
              </Form.Item>
            </Col>
            <Col xs={24} xl={16}>
              <Form.Item label="客户地址" name="address" rules={purchaseRules.address}>
                <Input
                  autoComplete="off"
                  maxLength={purchaseTextLimits.address}
                  showCount
                  disabled={isLocked('address')}
                  placeholder="请输入客户地址"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card
          size="small"
          title="车辆信息"
          style={{ marginBottom: 0 }}
          extra={<OrderCarsImport onImport={addImportedCars} />}
        >
          <CarLinesEditor
            name="car"
            side="purchase"
            priceField="price"
            contractId={purchaseId}
            requireTypeFirst={!contractType}
            maxCount={typeof orderedAmount === 'number' ? orderedAmount : 0}
          />
        </Card>
      </Form>
    </FormPage>
  );
}
