/**
 * /release/letpass_add (optionally `?car=<id>,<id>` from the pickup list's 车辆放行, or `?vehicle=<id>` from
 * the vehicle file; the cars may belong to several purchase contracts: one pass is made for each), and
 * /release/letpass_edit/:id or /release/letpass_edit/:order_id/:p_id/:id (the release detail page's
 * link; the last parameter is the pass): the vehicles a release slip lets out, the slip, the departure
 * photo and up to 9 other photos (spec part 2, sections 2 and 5).
 */
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, App, Card, Descriptions, Form, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type ReleaseAddBodyInput, type ReleasePass, releasePassMessages } from '../../../../../contract/release';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, useRouteRecordId } from '../../../components/route-record';
import { documentBodyFields, documentFormValues, StageDocumentFields } from '../../../components/stage-documents';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { releaseCandidatesQuery } from '../api/release-pass-candidates';
import { releasePassesQueryKey, useReleasePass } from '../api/release-pass-read';
import { createReleasePass, updateReleasePass } from '../api/release-pass-save';
import { releaseListPaths } from '../release-list-paths';
import { purchasesOf, ReleasePassCars, releaseCarOf, type ReleaseCar } from '../components/release-pass-cars';
import { queryKeys } from '../../../api/query-keys';

/** How long the saved form stays before its tab closes (the spec's 1 s of the purchase and check-in forms). */
export const RELEASE_PASS_CLOSE_AFTER_MS = 1000;
/** Where the page goes when it was opened directly: the pickup list, whose 车辆放行 opens it. */
export const RELEASE_PASS_CLOSE_TO = '/pickup/list';
/** The left pane asks the server once the clerk pauses typing. */
const SEARCH_PAUSE_MS = 300;
/** The pickup list's ids (`?car=`) are read as far as the server reads them. */
const MAX_ASKED = 500;

export interface ReleasePassFormValues {
  vin: ReleaseCar[];
  fxt_image: string[];
  lc_image: string[];
  car_image: string[];
}

const emptyForm: ReleasePassFormValues = { vin: [], fxt_image: [], lc_image: [], car_image: [] };

const formFromPass = (pass: ReleasePass): ReleasePassFormValues => ({
  vin: pass.releasecar.map((car) => ({
    id: car.car_id,
    vin: car.vin,
    model: car.model,
    purchase_id: pass.purchase_id,
    purchase_no: pass.purchase_no,
    order_no: pass.order_no,
  })),
  ...(documentFormValues('release', pass) as Pick<ReleasePassFormValues, 'fxt_image' | 'lc_image' | 'car_image'>),
});

/** The body of releaseAdd (releaseEdit adds the pass's id and `updated_at`). */
export function releasePassBodyFrom(values: ReleasePassFormValues): ReleaseAddBodyInput {
  const documents = documentBodyFields('release', values);
  return {
    vin: (values.vin ?? []).map((car) => car.vin),
    fxt_image: documents.fxt_image as string,
    lc_image: documents.lc_image as string,
    car_image: documents.car_image as string[],
  };
}

/** `?car=3,5,8`: the ids the pickup list chose; undefined when the form was not opened with a batch. */
export const askedCarIds = (text: string | null): number[] | undefined => {
  if (text === null) return undefined;
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9][0-9]{0,9}$/.test(part))
    .map(Number);
  return [...new Set(ids)].slice(0, MAX_ASKED);
};

/**
 * At least one vehicle. An edit keeps its pass's one purchase contract; an add may hold several (the
 * server makes one pass per purchase contract), so a clerk never meets a refusal for a mix there.
 */
const carRules = (editing: boolean): FormRule[] => [
  {
    validator: (_rule, value: unknown) => {
      const cars = Array.isArray(value) ? (value as ReleaseCar[]) : [];
      if (cars.length === 0) return Promise.reject(new Error(releasePassMessages.vinRequired));
      if (editing && purchasesOf(cars).length > 1) {
        return Promise.reject(new Error(releasePassMessages.mixedPurchases));
      }
      return Promise.resolve();
    },
  },
];

/** What an add of cars of `count` purchase contracts makes: one pass each. */
export const passesNotice = (count: number) => `所选车辆属于 ${count} 份采购合同，将按采购合同生成 ${count} 张放行条`;
/** The toast after such an add. */
export const passesMade = (count: number) =>
  count > 1 ? `${releasePassMessages.created}，已生成 ${count} 张放行条` : releasePassMessages.created;

const sectionStyle = { marginBottom: 16 } as const;

/** Every route of the form: a fresh form for every pass and every batch. */
export function ReleasePassFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <ReleasePassForm key={`${id ?? 'new'}:${search.get('car') ?? ''}:${search.get('vehicle') ?? ''}`} />;
}

function ReleasePassForm() {
  const route = useRouteRecordId();
  const pass = useReleasePass(route.id);
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReleasePassFormValues>();
  const page = useFormPage(form, { closeTo: RELEASE_PASS_CLOSE_TO });

  // The pickup list's batch (add only): preselected once, the vehicles that cannot go named with why.
  // The vehicle file's 新增出库 (`?vehicle=<id>`) is a batch of one.
  const [asked] = useState(() => (route.given ? undefined : askedCarIds(search.get('car') ?? search.get('vehicle'))));
  const preselected = useRef(false);

  const [typed, setTyped] = useState('');
  const vinSearch = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const candidates = useQuery({
    ...releaseCandidatesQuery({ vin: vinSearch, releaseId: route.id, carIds: asked ?? [] }),
    enabled: !route.bad,
  });

  // Every answer says again what became of the batch's vehicles.
  const askedAnswer = asked === undefined ? undefined : candidates.data?.asked;
  const refused = askedAnswer?.filter((car) => car.refusal !== null) ?? [];
  const batchEmpty = askedAnswer !== undefined && askedAnswer.length === 0;

  useEffect(() => {
    if (askedAnswer === undefined || preselected.current) return;
    preselected.current = true;
    const [firstRefused] = askedAnswer.filter((car) => car.refusal !== null);
    if (askedAnswer.length === 0) void message.warning(releasePassMessages.batchEmpty);
    else if (firstRefused?.refusal) void message.warning(firstRefused.refusal, 3);
    form.setFieldValue('vin', askedAnswer.filter((car) => car.refusal === null).map(releaseCarOf));
  }, [askedAnswer, form, message]);

  const record = useRecordForm({
    page,
    route,
    record: pass,
    fill: (saved: ReleasePass) => {
      form.resetFields();
      form.setFieldsValue(formFromPass(saved));
    },
  });

  // An add of several purchase contracts' cars makes one pass per contract, the slip and photos shared.
  const chosenCars = Form.useWatch('vin', form) as ReleaseCar[] | undefined;
  const passCount = record.editing ? 1 : purchasesOf(chosenCars ?? []).length;

  const save = () =>
    record.save({
      body: releasePassBodyFrom,
      create: createReleasePass,
      update: (id, body) => updateReleasePass({ ...body, release_id: id }),
      // The server answers every pass it made (`ids`), one per purchase contract of the cars sent.
      messages: { ...releasePassMessages, created: passesMade(passCount) },
      closeAfterMs: { create: RELEASE_PASS_CLOSE_AFTER_MS, edit: RELEASE_PASS_CLOSE_AFTER_MS },
      // A chosen vehicle is on another pass already: that pass opens instead.
      existingPath: releaseListPaths.releaseEdit,
      // The form's vehicles, the pickup list's 已出库 and its VIN suggestions follow the save.
      staleQueries: [releasePassesQueryKey, queryKeys.pickups, queryKeys.carSearch],
    });

  if (route.bad || (record.editing && pass.isError && !pass.data)) {
    return <RecordMissing missingText="该放行记录不存在或已被删除" onBack={page.close} />;
  }

  const saved = pass.data;
  return (
    <FormPage
      page={page}
      className="release-pass-form-page"
      title={record.editing ? '编辑车辆放行' : '车辆放行'}
      onSave={() => void save()}
      {...record.frame}
    >
      <PageForm<ReleasePassFormValues>
        form={form}
        name="release-pass"
        initialValues={emptyForm}
        onValuesChange={page.markChanged}
      >
        {record.editing && saved && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            style={sectionStyle}
            items={[
              { key: 'purchase', label: '采购合同号', children: saved.purchase_no ?? '—' },
              { key: 'order', label: '海外合同号', children: saved.order_no ?? '—' },
              { key: 'customer', label: '客户名称', children: saved.customer_name ?? '—' },
            ]}
          />
        )}

        <Card size="small" title="放行车辆" style={sectionStyle}>
          {batchEmpty && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={releasePassMessages.batchEmpty} />
          )}
          {refused.length > 0 && (
            // One line for the usual one or two vehicles; each with the reason the save would give.
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={
                <span className="release-pass-refused">
                  以下 {refused.length} 台车辆未加入本次放行：
                  {refused.map((car, index) => (
                    <span key={car.id}>
                      {index > 0 ? '；' : ''}
                      {car.vin}：{car.refusal}
                    </span>
                  ))}
                </span>
              }
            />
          )}
          <Form.Item name="vin" rules={carRules(record.editing)} required label="选择车辆" style={{ marginBottom: 0 }}>
            <ReleasePassCars
              candidates={candidates.data?.data ?? []}
              loading={candidates.isFetching}
              more={candidates.data?.more ?? false}
              limit={candidates.data?.limit ?? 0}
              onSearch={setTyped}
              onePurchase={record.editing}
            />
          </Form.Item>
          {passCount > 1 && (
            <Alert
              className="release-pass-count"
              type="info"
              showIcon
              style={{ marginTop: 12 }}
              title={passesNotice(passCount)}
              description="放行条、离场照片和其他照片只需上传一次，每张放行条都会使用这些资料。"
            />
          )}
        </Card>

        {/* The slip, the departure photo and the other photos side by side at 1366 px (stage table: what each takes). */}
        <Card size="small" title="放行资料" style={{ marginBottom: 0 }}>
          <StageDocumentFields stage="release" form={form} xl={6} photosXl={12} />
        </Card>
      </PageForm>
    </FormPage>
  );
}
