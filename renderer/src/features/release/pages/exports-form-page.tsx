/**
 * /release/letout_add (optionally `?order_id=<id>` from the release list's group: that contract with all its
 * waiting vehicles chosen; or `?vehicle=<id>` from the vehicle file), /release/letout_edit/:order_id/:id and
 * /release/letout_edit/:order_id/:p_id/:id
 * (the release detail page's link; the last parameter is the declaration): the export declaration
 * (出口报关, spec part 2, sections 2 and 5). The overseas contract picked by number (locked when
 * editing), that contract's vehicles waiting for export in a transfer list, the declaration's number,
 * date and amount, the four required documents, the two optional ones and up to 25 other photos.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Card, Col, DatePicker, Form, Input, Radio, Row, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BGD_SN_MAX,
  type ExportsAddBodyInput,
  type ExportsRecord,
  exportsLabels,
  exportsMessages,
} from '../../../../../contract/release-exports';
import { CURRENCIES, type Currency, DEFAULT_CURRENCY, type OrderSearchItem } from '../../../../../contract/overseas';
import { clearable } from '../../../components/clearable';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { useLinkedVehicle } from '../../../components/linked-vehicle';
import { MoneyInput, moneyRules, type MoneyValue } from '../../../components/money-input';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, useRouteRecordId } from '../../../components/route-record';
import { documentBodyFields, documentFormValues, StageDocumentFields } from '../../../components/stage-documents';
import { VehicleTransfer, vehicleTransferRule, type VehicleTransferItem } from '../../../components/vehicle-transfer';
import { useExportContract, useExportWaitingCars } from '../api/exports-choices';
import { exportsQueryKey, useExportsRecord } from '../api/exports-read';
import { createExports, updateExports } from '../api/exports-save';
import { ExportsContractPicker } from '../components/exports-contract-picker';
import { releaseListPaths } from '../release-list-paths';
import { queryKeys } from '../../../api/query-keys';

/** How long the saved form stays before its tab closes (as the release pass: 1 s). */
export const EXPORTS_CLOSE_AFTER_MS = 1000;
/** Where the page goes when it was opened directly: the release list, whose 新增出口 opens it. */
export const EXPORTS_CLOSE_TO = '/release/list';
const DATE_FORMAT = 'YYYY-MM-DD';

export interface ExportsFields {
  order_id: number | undefined;
  /** The declared vehicles' ids (the transfer list's value). */
  car_ids: number[];
  bgd_sn: string;
  exports_date: Dayjs | null;
  exports_money: MoneyValue;
  currency: Currency;
  xkz_image: string[];
  bgzl_image: string[];
  bgd_image: string[];
  td_image: string[];
  jcbg_image: string[];
  hgfxtz_image: string[];
  car_image: string[];
}

const emptyForm: ExportsFields = {
  order_id: undefined,
  car_ids: [],
  bgd_sn: '',
  exports_date: null,
  exports_money: null,
  currency: DEFAULT_CURRENCY,
  xkz_image: [],
  bgzl_image: [],
  bgd_image: [],
  td_image: [],
  jcbg_image: [],
  hgfxtz_image: [],
  car_image: [],
};

export const formFromExports = (record: ExportsRecord): ExportsFields => ({
  ...emptyForm,
  order_id: record.order_id,
  car_ids: record.exportscar.map((car) => car.car_id),
  bgd_sn: record.bgd_sn ?? '',
  exports_date: record.exports_date ? dayjs(record.exports_date, DATE_FORMAT) : null,
  exports_money: record.exports_money,
  currency: record.currency,
  ...(documentFormValues('exports', record) as Pick<ExportsFields, 'xkz_image' | 'car_image'>),
});

/** The body of exportsAdd (exportsEdit adds the record's id and `updated_at`); `vinOf` names the chosen ids. */
export function exportsBodyFrom(values: ExportsFields, vinOf: (carId: number) => string | undefined) {
  const documents = documentBodyFields('exports', values) as Record<string, string> & { car_image: string[] };
  const day = values.exports_date;
  const body: ExportsAddBodyInput = {
    order_id: values.order_id,
    vin: (values.car_ids ?? []).map(vinOf).filter((vin): vin is string => vin !== undefined),
    currency: values.currency ?? DEFAULT_CURRENCY,
    bgd_sn: values.bgd_sn?.trim() ?? '',
    exports_date: day && dayjs.isDayjs(day) ? day.format(DATE_FORMAT) : '',
    exports_money: values.exports_money ?? '',
    xkz_image: documents.xkz_image ?? '',
    bgzl_image: documents.bgzl_image ?? '',
    bgd_image: documents.bgd_image ?? '',
    td_image: documents.td_image ?? '',
    jcbg_image: documents.jcbg_image ?? '',
    hgfxtz_image: documents.hgfxtz_image ?? '',
    car_image: documents.car_image,
  };
  return body;
}

const orderRules: FormRule[] = [{ required: true, message: exportsMessages.orderRequired }];
const carRules: FormRule[] = [vehicleTransferRule(exportsMessages.vinRequired)];
const moneyFieldRules = moneyRules({ label: exportsLabels.exports_money });

const sectionStyle = { marginBottom: 16 } as const;

/** `?order_id=` of the release list's 新增出口, when it is a whole number above 0. */
export const linkedOrderId = (search: URLSearchParams): number | undefined => {
  const text = search.get('order_id');
  return text !== null && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
};

/** Every route of the form: a fresh form for every declaration and every contract it is opened for. */
export function ExportsFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <ExportsForm key={`${id ?? 'new'}:${search.get('order_id') ?? ''}:${search.get('vehicle') ?? ''}`} />;
}

function ExportsForm() {
  const route = useRouteRecordId();
  const declaration = useExportsRecord(route.id);
  const [form] = Form.useForm<ExportsFields>();
  const page = useFormPage(form, { closeTo: EXPORTS_CLOSE_TO });
  const [picked, setPicked] = useState<OrderSearchItem>();

  const orderId = Form.useWatch('order_id', form);
  const chosenIds = Form.useWatch('car_ids', form);
  const currency = Form.useWatch('currency', form) ?? DEFAULT_CURRENCY;
  const waiting = useExportWaitingCars(orderId);

  // Opened for a contract (the release list's 新增出口, `?order_id=<id>`): that contract, then every one of
  // its vehicles waiting for export. From the vehicle file (`?vehicle=<id>`): the car's overseas contract,
  // then the car once it is among the contract's waiting vehicles (a car declared already is not offered,
  // as on any add).
  const [search] = useSearchParams();
  const askedOrderId = route.given ? undefined : linkedOrderId(search);
  const askedOrder = useExportContract(askedOrderId).data;
  const linked = useLinkedVehicle(!route.given && askedOrderId === undefined).vehicle;
  const linkedOrder = useMemo(
    (): OrderSearchItem | undefined =>
      askedOrderId !== undefined
        ? askedOrder
        : linked?.order
          ? { id: linked.order.id, order_no: linked.order.order_no, customer_name: linked.order.customer_name }
          : undefined,
    [askedOrderId, askedOrder, linked],
  );
  const linkedStep = useRef<'contract' | 'car' | 'done'>('contract');
  useEffect(() => {
    if (!linkedOrder || linkedStep.current !== 'contract') return;
    linkedStep.current = 'car';
    if (form.getFieldValue('order_id') === undefined) form.setFieldsValue({ order_id: linkedOrder.id });
  }, [linkedOrder, form]);
  useEffect(() => {
    if (!linkedOrder || linkedStep.current !== 'car' || orderId !== linkedOrder.id || !waiting.data) return;
    linkedStep.current = 'done';
    if (askedOrderId !== undefined)
      form.setFieldValue(
        'car_ids',
        waiting.data.map((car) => car.id),
      );
    else if (linked && waiting.data.some((car) => car.id === linked.id)) form.setFieldValue('car_ids', [linked.id]);
  }, [linkedOrder, askedOrderId, linked, orderId, waiting.data, form]);
  // The contract as the picker shows it: the clerk's pick, else the linked one while it is the chosen one.
  const chosen = picked ?? (linkedOrder?.id === orderId ? linkedOrder : undefined);

  const saved = declaration.data;
  // The record's own vehicles first (they no longer wait), then the contract's waiting ones.
  const vehicles = useMemo((): VehicleTransferItem[] => {
    const own =
      saved && saved.order_id === orderId
        ? saved.exportscar.map((car) => ({ id: car.car_id, vin: car.vin, model: car.model }))
        : [];
    const listed = new Set(own.map((car) => car.id));
    return [...own, ...(orderId ? (waiting.data ?? []) : []).filter((car) => !listed.has(car.id))];
  }, [saved, orderId, waiting.data]);

  const record = useRecordForm({
    page,
    route,
    record: declaration,
    fill: (fresh: ExportsRecord) => {
      form.resetFields();
      form.setFieldsValue(formFromExports(fresh));
    },
  });

  const save = () => {
    const vinOf = (carId: number) => vehicles.find((car) => car.id === carId)?.vin;
    return record.save({
      body: (values: ExportsFields) => exportsBodyFrom(values, vinOf),
      create: createExports,
      update: (id, body) => updateExports({ ...body, exports_id: id }),
      messages: exportsMessages,
      closeAfterMs: { create: EXPORTS_CLOSE_AFTER_MS, edit: EXPORTS_CLOSE_AFTER_MS },
      // A chosen vehicle has its export declaration already: that declaration opens instead.
      existingPath: (id, body) =>
        releaseListPaths.exportsEdit(typeof body.order_id === 'number' ? body.order_id : null, id),
      // The server names the vehicles `vin`; the form holds them as the transfer list's ids.
      shownAs: { vin: 'car_ids' },
      // The waiting vehicles, the records, the release list and its detail page (both under
      // queryKeys.releaseList) and the VIN suggestions follow the save.
      staleQueries: [exportsQueryKey, queryKeys.releaseList, queryKeys.carSearch],
    });
  };

  if (route.bad || (record.editing && declaration.isError && !saved)) {
    return <RecordMissing missingText="该出口报关记录不存在或已被删除" onBack={page.close} />;
  }

  const contract: OrderSearchItem | undefined =
    saved && record.editing
      ? { id: saved.order_id, order_no: saved.order_no ?? `#${saved.order_id}`, customer_name: '' }
      : chosen;

  return (
    <FormPage
      page={page}
      className="exports-form-page"
      title={record.editing ? '编辑出口报关' : '新增出口报关'}
      onSave={() => void save()}
      {...record.frame}
    >
      <PageForm<ExportsFields>
        form={form}
        name="exports"
        initialValues={emptyForm}
        onValuesChange={(changed: Partial<ExportsFields>) => {
          page.markChanged();
          // Another contract: the vehicles chosen from the previous one cannot go on this declaration.
          if ('order_id' in changed) form.setFieldValue('car_ids', []);
        }}
      >
        <Card size="small" title="报关信息" style={sectionStyle}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                label="海外合同号"
                name="order_id"
                rules={orderRules}
                extra={!record.editing && chosen?.customer_name ? `客户：${chosen.customer_name}` : undefined}
              >
                <ExportsContractPicker picked={contract} onPick={setPicked} disabled={record.editing} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={5}>
              <Form.Item label={exportsLabels.bgd_sn} name="bgd_sn">
                <Input placeholder="请输入报关单号" maxLength={BGD_SN_MAX} allowClear={clearable} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={4}>
              <Form.Item label={exportsLabels.exports_date} name="exports_date">
                <DatePicker placeholder="请选择出口日期" format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={5}>
              <Form.Item label={exportsLabels.exports_money} name="exports_money" rules={moneyFieldRules}>
                <MoneyInput placeholder="请输入出口金额" suffix={currency} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} xl={4}>
              <Form.Item label={exportsLabels.currency} name="currency">
                <Radio.Group optionType="button" options={CURRENCIES.map((code) => ({ value: code, label: code }))} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title="出口车辆" style={sectionStyle}>
          <Form.Item name="car_ids" rules={carRules} required label="选择车辆" style={{ marginBottom: 0 }}>
            <VehicleTransfer
              title="待出口车辆"
              vehicles={vehicles}
              loading={waiting.isFetching}
              emptyText={
                !orderId
                  ? '请先选择海外合同'
                  : vehicles.length > 0 && vehicles.every((car) => chosenIds?.includes(car.id))
                    ? '车辆都已选择，不需要的请从右侧移出'
                    : '该合同没有待出口的车辆'
              }
              height={300}
            />
          </Form.Item>
        </Card>

        <Card size="small" title="报关资料" style={{ marginBottom: 0 }}>
          {/* Four documents a row, then the two optional ones beside the photos (as the release pass). */}
          <StageDocumentFields stage="exports" form={form} xl={6} photosXl={12} />
        </Card>
      </PageForm>
    </FormPage>
  );
}
