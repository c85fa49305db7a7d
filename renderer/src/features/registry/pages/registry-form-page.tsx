import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Col, DatePicker, Form, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import {
  type PlateAddBodyInput,
  registryMessages,
  type RegistryStage,
  type TransferAddBodyInput,
} from '../../../../../contract/registry';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { useLinkedVehicle } from '../../../components/linked-vehicle';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, type RouteRecordId } from '../../../components/route-record';
import {
  documentBodyFields,
  documentFormValues,
  type DocumentFormValues,
  StageDocumentFields,
} from '../../../components/stage-documents';
import { normalizeTypedVin, VIN_PATTERN } from '../../../components/vin';
import { VinSearchBox } from '../../../components/vin-search-box';
import { registryQueryKey } from '../api/list-registry';
import { useNextRegistryCar } from '../api/next-registry-car';
import { usePurchaseCarVin } from '../api/purchase-car';
import {
  addPlate,
  addTransfer,
  editPlate,
  editTransfer,
  type RegistryRecord,
  registryRecordQueryKey,
  useRegistryRecord,
} from '../api/registry-records';
import { REGISTRY_CLOSE_AFTER_MS, registryPaths, registryScreens } from '../registry-format';
import { queryKeys } from '../../../api/query-keys';

/** The form: the VIN, the appointment day (plating only) and a list of stored paths per document slot. */
export type RegistryFormValues = Record<string, string | string[] | Dayjs | null | undefined> & {
  vin: string;
  yy_date?: Dayjs | null;
};

const DATE_FORMAT = 'YYYY-MM-DD';

const vinRules: Rule[] = [
  {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && VIN_PATTERN.test(normalizeTypedVin(value))
        ? Promise.resolve()
        : Promise.reject(new Error(registryMessages.vinFormat)),
  },
];

/** The body of plateAdd / transferAdd: the VIN, the day, one path (or '') per document, the photos. */
export function registryBodyFrom(stage: 'plate', values: Partial<RegistryFormValues>): PlateAddBodyInput;
export function registryBodyFrom(stage: 'transfer', values: Partial<RegistryFormValues>): TransferAddBodyInput;
export function registryBodyFrom(
  stage: RegistryStage,
  values: Partial<RegistryFormValues>,
): PlateAddBodyInput | TransferAddBodyInput;
export function registryBodyFrom(stage: RegistryStage, values: Partial<RegistryFormValues>) {
  const documents = documentBodyFields(stage, values as Partial<DocumentFormValues>);
  const vin = normalizeTypedVin(typeof values.vin === 'string' ? values.vin : '');
  if (stage === 'transfer') return { vin, car_image: [], ...documents } as TransferAddBodyInput;
  const day = values.yy_date;
  return {
    vin,
    yy_date: day && typeof day === 'object' && !Array.isArray(day) ? day.format(DATE_FORMAT) : '',
    car_image: [],
    ...documents,
  } as PlateAddBodyInput;
}

const formFromRecord = (stage: RegistryStage, record: RegistryRecord): Partial<RegistryFormValues> => ({
  ...documentFormValues(stage, record),
  vin: record.vin,
  ...('yy_date' in record ? { yy_date: record.yy_date ? dayjs(record.yy_date, DATE_FORMAT) : null } : {}),
});

/**
 * Which record the route names. `/dmv/lincense_edit/:id` edits the record `id`;
 * `/dmv/lincense_add/:order_id/:p_id/:id` is a new record for the car `id` of purchase contract `p_id`.
 */
function useRegistryRoute(): {
  route: RouteRecordId;
  orderId: number | undefined;
  purchaseId: number | undefined;
  carId: number | undefined;
} {
  const params = useParams();
  const whole = (text: string | undefined) => {
    const value = Number(text);
    return text !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
  };
  if (params.order_id === undefined && params.id !== undefined) {
    const id = whole(params.id);
    return {
      route: { id, given: true, bad: id === undefined },
      orderId: undefined,
      purchaseId: undefined,
      carId: undefined,
    };
  }
  return {
    route: { id: undefined, given: false, bad: false },
    orderId: whole(params.order_id),
    purchaseId: whole(params.p_id),
    carId: whole(params.id),
  };
}

/** The VIN of the car the add link names, read from its purchase contract; set once into the form. */
function usePreselectedVin(purchaseId: number | undefined, carId: number | undefined, apply: (vin: string) => void) {
  const vin = usePurchaseCarVin(purchaseId, carId);
  const applied = useRef(false);
  useEffect(() => {
    if (vin && !applied.current) {
      applied.current = true;
      apply(vin);
    }
  }, [vin, apply]);
  return { missing: carId !== undefined && vin === null };
}

function RegistryForm({ stage }: { stage: RegistryStage }) {
  const screens = registryScreens[stage];
  const { route, orderId, purchaseId, carId } = useRegistryRoute();
  const record = useRegistryRecord(stage, route.id);
  const [form] = Form.useForm<RegistryFormValues>();
  const page = useFormPage(form, { closeTo: registryPaths.list });

  const recordForm = useRecordForm({
    page,
    route,
    record,
    fill: (saved: RegistryRecord) => {
      form.resetFields();
      form.setFieldsValue(formFromRecord(stage, saved) as RegistryFormValues);
    },
  });
  const preselect = usePreselectedVin(purchaseId, carId, (vin) => form.setFieldsValue({ vin }));
  // From the vehicle file (?vehicle=<id>): the car's VIN once its file is read, unless one was typed.
  const linked = useLinkedVehicle(!route.given && carId === undefined).vehicle;
  const linkedApplied = useRef(false);
  useEffect(() => {
    if (!linked || linkedApplied.current) return;
    linkedApplied.current = true;
    if (!form.getFieldValue('vin')) form.setFieldsValue({ vin: linked.vin });
  }, [linked, form]);

  // Opened from the list for one car of an overseas contract: the contract's next car waiting for its record.
  const nextCar = useNextRegistryCar(route.given ? undefined : orderId, carId).data;

  const save = () =>
    recordForm.save({
      body: (values: RegistryFormValues) => registryBodyFrom(stage, values),
      create: (body) =>
        stage === 'plate' ? addPlate(body as PlateAddBodyInput) : addTransfer(body as TransferAddBodyInput),
      update: (id, body) =>
        stage === 'plate'
          ? editPlate({ ...(body as PlateAddBodyInput), plate_id: id, updated_at: body.updated_at })
          : editTransfer({ ...(body as TransferAddBodyInput), transfer_id: id, updated_at: body.updated_at }),
      messages: {
        created: registryMessages.created,
        updated: registryMessages.updated,
        saveFailed: '操作失败',
        updateFailed: '编辑失败',
      },
      closeAfterMs: { create: REGISTRY_CLOSE_AFTER_MS, edit: REGISTRY_CLOSE_AFTER_MS },
      // The vehicle has its plating (transfer) already: that record opens instead.
      existingPath: screens.edit,
      // The list, this record's pages and the VIN suggestions (a complete record leaves them).
      staleQueries: [
        registryQueryKey,
        ...(route.id ? [registryRecordQueryKey(stage, route.id)] : []),
        queryKeys.carSearch,
      ],
    });

  if (route.bad || (recordForm.editing && record.isError && !record.data)) {
    return <RecordMissing missingText={`该${screens.noun}记录不存在或已被删除`} onBack={page.close} />;
  }

  const contract = record.data;
  const saveAndNext = nextCar ? (
    <Button
      title={`保存，再录入同一海外合同的 ${nextCar.vin} 的${registryScreens[nextCar.stage].noun}`}
      disabled={page.closing}
      loading={page.saving}
      onClick={() =>
        void save().then((done) => {
          if (done) page.openInstead(nextCar.path);
        })
      }
    >
      继续录入下一辆
    </Button>
  ) : null;
  return (
    <FormPage
      page={page}
      actions={saveAndNext}
      className={`registry-form-page registry-${stage}-form`}
      title={`${recordForm.editing ? '编辑' : '新增'}${screens.noun}`}
      onSave={() => void save()}
      {...recordForm.frame}
    >
      <PageForm<RegistryFormValues>
        form={form}
        name={`registry-${stage}`}
        initialValues={{ vin: '', ...documentFormValues(stage, {}) }}
        onValuesChange={page.markChanged}
      >
        <Card size="small" title="车辆信息" style={{ marginBottom: 16 }}>
          {preselect.missing && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="链接中的车辆不在该采购合同中，请在下面输入车架号"
            />
          )}
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="车架号"
                name="vin"
                rules={vinRules}
                extra={
                  contract
                    ? `采购合同 ${contract.purchase_no ?? '—'} · ${contract.customer_name ?? '—'}`
                    : screens.vinHint
                }
              >
                <VinSearchBox stage={stage} placeholder="请输入车架号" />
              </Form.Item>
            </Col>
            {stage === 'plate' && (
              <Col xs={24} md={12} xl={8}>
                <Form.Item label="预约日期" name="yy_date">
                  <DatePicker placeholder="请选择预约日期" format={DATE_FORMAT} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>
        <Card size="small" title={`${screens.noun}资料`}>
          <StageDocumentFields stage={stage} form={form} />
        </Card>
      </PageForm>
    </FormPage>
  );
}

/** /dmv/lincense_add (optionally /:order_id/:p_id/:id, the car preselected) and /dmv/lincense_edit/:id. */
export function PlateFormPage() {
  const { id, order_id } = useParams();
  return <RegistryForm key={`${order_id ?? ''}/${id ?? 'new'}`} stage="plate" />;
}

/** /dmv/transfer_add (optionally /:order_id/:p_id/:id) and /dmv/transfer_edit/:id. */
export function TransferFormPage() {
  const { id, order_id } = useParams();
  return <RegistryForm key={`${order_id ?? ''}/${id ?? 'new'}`} stage="transfer" />;
}
