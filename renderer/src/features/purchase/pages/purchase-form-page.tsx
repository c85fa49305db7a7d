import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import {
  MAX_PURCHASE_CONTRACT_FILES,
  PURCHASE_CURRENCY,
  purchaseMessages,
  purchaseTextLimits,
  purchaseTypeLabels,
  type ImportCarsAnswer,
  type Purchase,
  type PurchaseBodyInput,
  type PurchaseType,
} from '../../../../../contract/purchase';
import { customerOptionsQueryKey } from '../../../api/customer-options';
import { CarLinesEditor, type CarLine } from '../../../components/car-lines-editor';
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
import { VIN_FONT } from '../../../components/vin-search-box';
import { createPurchase } from '../api/create-purchase';
import { importOrderCars } from '../api/import-order-cars';
import { type LinkedOrder, linkedOrderId, useImportableCars, useLinkedOrder } from '../api/linked-order';
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

/** The contract's fields; the seller's are those of `CustomerSection` (no country on a purchase). */
export interface PurchaseFormValues extends Omit<CustomerFormValues, 'country'> {
  type?: PurchaseType;
  total: MoneyValue;
  purchase_no: string;
  amount: number | null;
  order_id?: number;
  contracts: string[];
  car: PurchaseFormCar[];
}

/** The seller's details a chosen customer fills in (a purchase contract names no country). */
const CUSTOMER_DETAIL_FIELDS: readonly CustomerDetailField[] = ['address', 'contact_way', 'type_id'];

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

/**
 * /purchase/add (optionally `?order_id=<id>`) and /purchase/edit/:id: a fresh form for every contract.
 * `round` gives a fresh form in place after 继续新建下一份 (an overseas contract of new and used cars needs
 * two purchase contracts): the saved one's closing timer ends with it, and the clerk stays on the page.
 */
export function PurchaseFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const [round, setRound] = useState(0);
  return (
    <PurchaseForm
      key={`${id ?? 'new'}:${search.get('order_id') ?? ''}:${round}`}
      onNext={() => setRound((value) => value + 1)}
    />
  );
}

/**
 * The overseas contract the form was opened for, and what to do with it: its cars still to be bought are
 * offered by 导入海外合同车辆 (its number already in the box) once the contract type is chosen, since a
 * purchase contract buys new cars or used cars.
 */
function LinkedOrderNote({
  order,
  cars,
  imported,
}: {
  order: LinkedOrder;
  cars: ImportCarsAnswer['car'] | undefined;
  imported: boolean;
}) {
  if (imported) return null;
  const customer = order.customer_name ? `（${order.customer_name}）` : '';
  if (cars && cars.length === 0) {
    return (
      <Alert
        className="purchase-linked-order"
        type="warning"
        showIcon
        style={sectionStyle}
        title={`海外合同 ${order.order_no}${customer}的车辆都已有采购合同，没有可导入的车辆`}
      />
    );
  }
  return (
    <Alert
      className="purchase-linked-order"
      type="info"
      showIcon
      style={sectionStyle}
      title={`为海外合同 ${order.order_no}${customer}新建采购合同${cars ? `：该合同有 ${cars.length} 辆车待采购` : ''}`}
      description={
        <>
          请先选择<Typography.Text strong>合同类型</Typography.Text>
          （新车或二手车）并填写采购数量，再点击下方“导入海外合同车辆”导入该合同的车辆（合同号已填好）。
          {cars && cars.length > 0 ? (
            <span className="purchase-linked-order-vins" style={{ display: 'block', marginTop: 4 }}>
              {cars.slice(0, 6).map((car) => (
                <Tag key={car.id} style={{ marginBlock: 2 }}>
                  <span style={{ fontFamily: VIN_FONT }}>{car.vin}</span>
                  {car.model ? <span style={{ marginInlineStart: 6 }}>{car.model}</span> : null}
                </Tag>
              ))}
              {cars.length > 6 ? `等 ${cars.length} 辆` : null}
            </span>
          ) : null}
        </>
      }
    />
  );
}

/**
 * 导入海外合同车辆: the cars of an overseas contract that no purchase contract holds yet. `suggested` is the
 * number of the contract the form was opened for: the box starts with it, so nothing is typed again.
 */
function OrderCarsImport({
  onImport,
  suggested,
}: {
  onImport: (cars: CarLine[], orderId: number) => void;
  suggested?: string;
}) {
  const form = Form.useFormInstance<PurchaseFormValues>();
  const { message } = App.useApp();
  const [orderNo, setOrderNo] = useState('');
  const [loading, setLoading] = useState(false);
  const suggestedOnce = useRef(false);
  useEffect(() => {
    if (!suggested || suggestedOnce.current) return;
    suggestedOnce.current = true;
    setOrderNo((typed) => typed || suggested);
  }, [suggested]);

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
    // The box is as wide as a 17-character contract number of capitals and digits (E2E-HWDD-12345678)
    // needs; a longer one scrolls inside it.
    <Space.Compact>
      <Input
        aria-label="海外合同号"
        placeholder="海外合同号"
        style={{ width: 240 }}
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

function PurchaseForm({ onNext }: { onNext: () => void }) {
  const route = useRouteRecordId();
  const purchase = usePurchase(route.id);
  const [form] = Form.useForm<PurchaseFormValues>();
  const { message } = App.useApp();
  const page = useFormPage(form, { closeTo: purchasePaths.list });
  const customer = useCustomerPick(form, CUSTOMER_DETAIL_FIELDS);

  // Opened for an overseas contract (its list's or detail page's 新建采购合同): its number ready to import.
  const [search] = useSearchParams();
  const linkedId = route.given ? undefined : linkedOrderId(search);
  const linkedOrder = useLinkedOrder(linkedId).data;
  const importable = useImportableCars(linkedOrder?.order_no).data;
  const linkedImported = Form.useWatch('order_id', form) === linkedId && linkedId !== undefined;

  const orderedAmount = Form.useWatch('amount', form);
  const contractType = Form.useWatch('type', form);
  const total = Form.useWatch('total', form);
  const carLines = Form.useWatch('car', form);
  // Handed over: the car list is closed (the server refuses adding or removing a car with 409).
  const carsClosed = route.given && purchase.data?.handed_over === 1;

  const record = useRecordForm({
    page,
    route,
    record: purchase,
    fill: (saved: Purchase) => {
      const values = formFromPurchase(saved);
      form.resetFields();
      form.setFieldsValue(values);
      customer.filledFrom(values);
    },
  });

  const onValuesChange = (changed: Partial<PurchaseFormValues>) => {
    page.markChanged();
    customer.valuesChanged(changed);
    recheckAmount(form, changed, 'car');
  };

  /**
   * The imported cars go after the lines already there, never past the ordered amount. Cars of an overseas
   * contract: the purchase contract now buys for that contract (批量移交 follows it).
   */
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
    record.save({
      body: purchaseBodyFrom,
      create: createPurchase,
      update: updatePurchase,
      messages: purchaseMessages,
      closeAfterMs: { create: PURCHASE_CLOSE_AFTER_MS, edit: PURCHASE_CLOSE_AFTER_MS },
      shownAs: SHOWN_AS,
      // The list, the info page and the customer suggestions (a new seller may have been made) are stale.
      staleQueries: [purchasesQueryKey, customerOptionsQueryKey],
    });

  if (route.bad || (record.editing && purchase.isError && !purchase.data)) {
    return <RecordMissing missingText="该采购合同不存在或已被删除" onBack={page.close} />;
  }

  // The overseas contract still has cars no purchase contract will hold once this one is saved (its new
  // cars here, its used ones left): save, and a fresh form for the same contract opens in place.
  const linedVins = new Set(
    ((carLines ?? []) as PurchaseFormCar[]).map((car) => trimmed(car.vin).toUpperCase()).filter(Boolean),
  );
  const leftAfterSave = (importable?.car ?? []).filter((car) => !linedVins.has(car.vin.toUpperCase())).length;
  const saveAndNext =
    !record.editing && linkedOrder && leftAfterSave > 0 ? (
      <Button
        title={`保存，再为海外合同 ${linkedOrder.order_no} 的其余 ${leftAfterSave} 辆车新建采购合同`}
        disabled={page.closing}
        loading={page.saving}
        onClick={() =>
          void save().then((done) => {
            if (done) onNext();
          })
        }
      >
        继续新建下一份
      </Button>
    ) : null;

  return (
    <FormPage
      page={page}
      actions={saveAndNext}
      className="purchase-form-page"
      title={record.editing ? '编辑采购合同' : '新建采购合同'}
      onSave={() => void save()}
      {...record.frame}
    >
      <PageForm<PurchaseFormValues>
        form={form}
        name="purchase-contract"
        initialValues={emptyForm}
        onValuesChange={onValuesChange}
      >
        <Form.Item name="order_id" hidden>
          <Input />
        </Form.Item>
        {linkedOrder && <LinkedOrderNote order={linkedOrder} cars={importable?.car} imported={linkedImported} />}

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
              <OrderedAmountField
                label="采购数量"
                placeholder="请输入采购数量"
                rules={purchaseRules.amount}
                carsField="car"
                tooManyCars={purchaseMessages.tooManyCars}
              />
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
                <UploadSlot dir="purchase" maxCount={MAX_PURCHASE_CONTRACT_FILES} onePerPick />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <CustomerSection
          side="purchase"
          customer={customer}
          rules={purchaseRules}
          limits={purchaseTextLimits}
          style={sectionStyle}
        />

        <Card
          size="small"
          title="车辆信息"
          style={{ marginBottom: 0 }}
          extra={
            carsClosed ? undefined : <OrderCarsImport onImport={addImportedCars} suggested={linkedOrder?.order_no} />
          }
        >
          <CarLinesEditor
            name="car"
            side="purchase"
            priceField="price"
            contractId={route.id}
            requireTypeFirst={!contractType}
            closedNote={carsClosed ? purchaseMessages.carLinesClosedNote : undefined}
            maxCount={typeof orderedAmount === 'number' ? orderedAmount : 0}
          />
        </Card>
      </PageForm>
    </FormPage>
  );
}
