/**
 * The three filing forms of an overseas contract (spec part 2, sections 2 and 5), one frame for all:
 * - /filed/tax_add/:order_id and /filed/tax_edit/:order_id/:id (退税): the vehicles refunded and the
 *   refund's amount (退税金额, issue 26: often known later, hence the edit page);
 * - /filed/freeze_add/:order_id and /filed/freeze_edit/:order_id/:id (注销): the vehicles and the
 *   deregistration certificate (请上传注销证明);
 * - /filed/freight_add/:order_id and /filed/freight_edit/:order_id/:id (运费, spec part 1's record area):
 *   the vehicles, the freight amount (运费金额), the freight invoice, the payment slip and photos.
 * Each has the contract's head (海外合同号, 客户名称, 共采购 N 台), the two-pane list (the contract's vehicles
 * in filing still without the record → 已选择, plus the edited record's own), the amount in CNY where the
 * step has one (optional: blank = not yet recorded, 0 is an amount), the stage table's upload slots, and
 * 保存 / 取消. An edit is saved with the `updated_at` it read (放弃修改并载入最新内容 on a 409).
 */
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button, Card, Form, Typography } from 'antd';
import { stageTable } from '../../../../../contract/stage';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { MoneyInput, moneyRules, type MoneyValue } from '../../../components/money-input';
import { linkedVehicleId } from '../../../components/linked-vehicle';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, useRouteRecordId } from '../../../components/route-record';
import { documentBodyFields, documentFormValues, StageDocumentFields } from '../../../components/stage-documents';
import { VehicleTransfer, vehicleTransferRule, type VehicleTransferItem } from '../../../components/vehicle-transfer';
import { useFiledOrder, ORDERS_QUERY_KEY } from '../api/filed-order';
import { filedQueryKey, useWaitingCars } from '../api/filed-cars';
import { filingSteps, type FilingRecord, type FilingStep, useFilingRecord } from '../api/filing-records';
import { FiledContractHead } from '../components/filed-contract-head';
import { FILED_CLOSE_AFTER_MS, filedPaths } from '../filed-format';

/** The form's values: the chosen vehicles' ids, the amount, and per document slot its stored paths. */
export type FilingFormValues = { car_ids: number[] } & Record<string, string[] | number[] | MoneyValue>;

const sectionStyle = { marginBottom: 16 } as const;
/** Four vehicles a pane, so that at 1366×768 the documents' card starts on the first screen. */
const PANE_HEIGHT = 250;
/** The tax refund has no documents: its panes take the screen's height (eight vehicles). */
const PANE_HEIGHT_ALONE = 400;
/** The left pane once every vehicle is on the right. */
export const ALL_CHOSEN = '车辆都已选择，不需要的请从右侧移出';

/** Under the amount: what a blank box means, so that 0 is typed only for a real nothing. */
export const MONEY_NOTE = '未知可先不填，之后在编辑中补录；填 0 表示金额为 0';

/**
 * The step a clerk records next on the filed card (退税, then 注销, then 运费): an add offers
 * 继续录入<next> (saves, then opens the next form) while that step has vehicles of the contract waiting, so
 * the contract's records follow one another without going back to the list in between. Its name leaves
 * out 保存: 保存 stays the one button of that name.
 */
const NEXT_STEP: Partial<Record<FilingStep, FilingStep>> = { drawback: 'archive', archive: 'freight' };
const addPathOf: Record<FilingStep, (orderId: number) => string> = {
  drawback: filedPaths.taxAdd,
  archive: filedPaths.freezeAdd,
  freight: filedPaths.freightAdd,
};

/** The vehicles an edit starts with: the record's own. */
const carsOf = (record: FilingRecord): VehicleTransferItem[] => record.cars.map((car) => ({ ...car }));

function FilingForm({ step }: { step: FilingStep }) {
  const screen = filingSteps[step];
  const params = useParams();
  const orderId = Number(params.order_id);
  const orderValid = Number.isInteger(orderId) && orderId > 0;
  const route = useRouteRecordId();
  const [form] = Form.useForm<FilingFormValues>();
  const page = useFormPage(form, { closeTo: filedPaths.list });
  const order = useFiledOrder(orderValid ? orderId : undefined);
  const waiting = useWaitingCars(orderValid ? orderId : undefined, step);
  const saved = useFilingRecord(step, route.id);
  const next = route.given ? undefined : NEXT_STEP[step];
  const nextWaiting = useWaitingCars(orderValid && next ? orderId : undefined, next ?? step);
  // An add starts with the contract's waiting vehicles chosen: all of them (the filed card's 退税 / 注销 /
  // 运费, as clerks file a contract's cars together), or from the vehicle file (?vehicle=<id>) that car once
  // it is among them. The clerk moves back what does not belong.
  const [search] = useSearchParams();
  const linkedId = route.given ? undefined : linkedVehicleId(search);
  const startApplied = useRef(false);
  useEffect(() => {
    if (route.given || startApplied.current || !waiting.data) return;
    startApplied.current = true;
    if (linkedId === undefined)
      form.setFieldValue(
        'car_ids',
        waiting.data.map((car) => car.id),
      );
    else if (waiting.data.some((car) => car.id === linkedId)) form.setFieldValue('car_ids', [linkedId]);
  }, [route.given, linkedId, waiting.data, form]);

  const record = useRecordForm({
    page,
    route,
    record: saved,
    fill: (found: FilingRecord) => {
      form.resetFields();
      const amount = screen.money ? found[screen.money.field] : undefined;
      form.setFieldsValue({
        car_ids: found.cars.map((car) => car.id),
        ...(screen.money ? { [screen.money.field]: typeof amount === 'number' ? amount : null } : {}),
        ...documentFormValues(step, found),
      } as FilingFormValues);
    },
  });

  // The left pane: the vehicles still without the record, and on an edit the record's own.
  const vehicles: VehicleTransferItem[] = [...(saved.data ? carsOf(saved.data) : []), ...(waiting.data ?? [])];

  const chosenIds = Form.useWatch('car_ids', form) as number[] | undefined;
  const allChosen = vehicles.length > 0 && vehicles.every((car) => chosenIds?.includes(car.id));

  const save = () =>
    record.save({
      body: (values: FilingFormValues) => {
        const byId = new Map(vehicles.map((car) => [car.id, car.vin]));
        // The amount as the form shows it: blank sends nothing (not recorded; on an edit, cleared).
        const amount = screen.money ? values[screen.money.field] : undefined;
        return {
          order_id: orderId,
          vin: (values.car_ids ?? []).map((id) => byId.get(id)).filter((vin): vin is string => vin !== undefined),
          ...(screen.money && typeof amount === 'number' ? { [screen.money.field]: amount } : {}),
          ...documentBodyFields(step, values),
        };
      },
      create: screen.create,
      update: screen.update,
      messages: screen.messages,
      closeAfterMs: { create: FILED_CLOSE_AFTER_MS, edit: FILED_CLOSE_AFTER_MS },
      // A chosen vehicle has the record already: that record's edit page opens instead.
      existingPath: (id) =>
        step === 'archive'
          ? filedPaths.freezeEdit(orderId, id)
          : step === 'freight'
            ? filedPaths.freightEdit(orderId, id)
            : filedPaths.taxEdit(orderId, id),
      // The filed list and its cards, the waiting vehicles, and the contract's record view follow.
      staleQueries: [filedQueryKey, ORDERS_QUERY_KEY],
    });

  if (!orderValid || route.bad || (record.editing && saved.isError && !saved.data)) {
    return <RecordMissing missingText={screen.missing} onBack={page.close} />;
  }

  const hasDocuments = stageTable[step].slots.length > 0;
  const money = screen.money;
  const saveAndNext =
    next && (nextWaiting.data?.length ?? 0) > 0 ? (
      <Button
        title={`保存并录入${filingSteps[next].title}`}
        disabled={page.closing}
        loading={page.saving}
        onClick={() =>
          void save().then((done) => {
            if (done) page.openInstead(addPathOf[next](orderId));
          })
        }
      >
        继续录入{filingSteps[next].title}
      </Button>
    ) : null;
  return (
    <FormPage
      page={page}
      actions={saveAndNext}
      className={`filing-form-page filing-${step}-form`}
      title={record.editing ? screen.editTitle : screen.title}
      onSave={() => void save()}
      {...record.frame}
    >
      <PageForm<FilingFormValues>
        form={form}
        name={`filing-${step}`}
        initialValues={{ car_ids: [] }}
        onValuesChange={page.markChanged}
      >
        <FiledContractHead order={order.data} />
        {money ? (
          <Card size="small" title={screen.moneyTitle} style={sectionStyle}>
            <Form.Item
              name={money.field}
              label={`${money.label}（CNY）`}
              rules={moneyRules({ label: money.label, allowZero: true })}
              extra={MONEY_NOTE}
              style={{ marginBottom: 0, maxWidth: 560 }}
            >
              <MoneyInput placeholder={`请输入${money.label}`} suffix="CNY" allowClear style={{ width: 260 }} />
            </Form.Item>
          </Card>
        ) : null}
        <Card size="small" title={screen.carsTitle} style={hasDocuments ? sectionStyle : { marginBottom: 0 }}>
          <Form.Item
            name="car_ids"
            label="选择车辆"
            required
            rules={[vehicleTransferRule(screen.messages.vinRequired)]}
            style={{ marginBottom: 0 }}
          >
            <VehicleTransfer
              title={screen.waitingTitle}
              // Every waiting vehicle chosen (as the form starts): the left pane says so, not that none waits.
              emptyText={allChosen ? ALL_CHOSEN : screen.emptyText}
              vehicles={vehicles}
              loading={waiting.isFetching}
              height={hasDocuments ? PANE_HEIGHT : PANE_HEIGHT_ALONE}
            />
          </Form.Item>
        </Card>
        {hasDocuments && (
          <Card
            size="small"
            title={screen.documentsTitle}
            extra={
              screen.documentsNote ? <Typography.Text type="secondary">{screen.documentsNote}</Typography.Text> : null
            }
            style={{ marginBottom: 0 }}
          >
            <StageDocumentFields stage={step} form={form} xl={6} photosXl={12} />
          </Card>
        )}
      </PageForm>
    </FormPage>
  );
}

/** A fresh form for every contract and record. */
function FilingFormRoute({ step }: { step: FilingStep }) {
  const { order_id: orderId, id } = useParams();
  return <FilingForm key={`${orderId ?? ''}:${id ?? 'new'}`} step={step} />;
}

/** /filed/tax_add/:order_id and /filed/tax_edit/:order_id/:id. */
export function TaxRefundPage() {
  return <FilingFormRoute step="drawback" />;
}

/** /filed/freeze_add/:order_id and /filed/freeze_edit/:order_id/:id. */
export function DeregistrationFormPage() {
  return <FilingFormRoute step="archive" />;
}

/** /filed/freight_add/:order_id and /filed/freight_edit/:order_id/:id. */
export function FreightFormPage() {
  return <FilingFormRoute step="freight" />;
}
