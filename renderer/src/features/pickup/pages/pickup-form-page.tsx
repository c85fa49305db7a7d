import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Card, Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { pickupMessages, pickupTextLimits, type Entry, type EntryAddBodyInput } from '../../../../../contract/pickup';
import { clearable } from '../../../components/clearable';
import { FormPage, PageForm, useFormPage } from '../../../components/form-page';
import { useLinkedVehicle } from '../../../components/linked-vehicle';
import { useRecordForm } from '../../../components/record-form';
import { RecordMissing, useRouteRecordId } from '../../../components/route-record';
import { documentBodyFields, documentFormValues, StageDocumentFields } from '../../../components/stage-documents';
import { normalizeTypedVin, VIN_PATTERN } from '../../../components/vin';
import { VinSearchBox } from '../../../components/vin-search-box';
import { entryQueryKey, useEntry } from '../api/get-entry';
import { pickupsQueryKey } from '../api/list-pickups';
import { addEntry, editEntry } from '../api/save-entry';
import { ENTRY_CLOSE_AFTER_MS, pickupPaths } from '../pickup-format';
import { queryKeys } from '../../../api/query-keys';

/** The check-in's fields; each photo slot holds its stored paths (one for the two single photos). */
export interface EntryFormValues {
  vin: string;
  dl_name?: string;
  vin_image: string[];
  wg_image: string[];
  car_image: string[];
  remark?: string;
}

const emptyForm: Partial<EntryFormValues> = { vin: '', vin_image: [], wg_image: [], car_image: [] };

const formFromEntry = (entry: Entry): EntryFormValues => ({
  vin: entry.vin,
  dl_name: entry.dl_name ?? '',
  ...(documentFormValues('entry', entry) as Pick<EntryFormValues, 'vin_image' | 'wg_image' | 'car_image'>),
  remark: entry.remark ?? '',
});

/** The body of entryAdd: the spec's fields, one path per single photo. */
export function entryBodyFrom(values: EntryFormValues): EntryAddBodyInput {
  const photos = documentBodyFields('entry', values);
  return {
    vin: normalizeTypedVin(values.vin ?? ''),
    vin_image: photos.vin_image as string,
    wg_image: photos.wg_image as string,
    car_image: photos.car_image as string[],
    dl_name: (values.dl_name ?? '').trim(),
    remark: (values.remark ?? '').trim(),
  };
}

const rules = {
  vin: [
    {
      validator: (_rule: unknown, value: unknown) =>
        typeof value === 'string' && VIN_PATTERN.test(normalizeTypedVin(value))
          ? Promise.resolve()
          : Promise.reject(new Error(pickupMessages.vinFormat)),
    },
  ] satisfies Rule[],
};

/** The spec's order of the check-in's photos: exterior, VIN photo (the stage table lists the VIN photo first). */
const PHOTO_ORDER = ['wg_image', 'vin_image'] as const;

/** /pickup/add and /pickup/edit/:id: a fresh form for every check-in. */
export function PickupFormPage() {
  const { id } = useParams();
  return <PickupForm key={id ?? 'new'} />;
}

function PickupForm() {
  const route = useRouteRecordId();
  const entry = useEntry(route.id);
  const [search] = useSearchParams();
  const [form] = Form.useForm<EntryFormValues>();
  const page = useFormPage(form, { closeTo: pickupPaths.list });
  // From a list row without a check-in (入库): the vehicle is already chosen.
  const givenVin = route.given ? '' : normalizeTypedVin(search.get('vin') ?? '');
  // From the vehicle file (?vehicle=<id>): the car's VIN once its file is read, unless one was typed.
  const linked = useLinkedVehicle(!route.given).vehicle;
  const linkedApplied = useRef(false);
  useEffect(() => {
    if (!linked || linkedApplied.current) return;
    linkedApplied.current = true;
    if (!form.getFieldValue('vin')) form.setFieldsValue({ vin: linked.vin });
  }, [linked, form]);

  const record = useRecordForm({
    page,
    route,
    record: entry,
    fill: (saved: Entry) => {
      form.resetFields();
      form.setFieldsValue(formFromEntry(saved));
    },
  });

  const save = () =>
    record.save({
      body: entryBodyFrom,
      create: addEntry,
      update: (entryId, body) => editEntry({ ...body, entry_id: entryId }),
      messages: {
        created: pickupMessages.created,
        updated: pickupMessages.updated,
        saveFailed: '操作失败',
        updateFailed: '编辑失败',
      },
      closeAfterMs: { create: ENTRY_CLOSE_AFTER_MS, edit: ENTRY_CLOSE_AFTER_MS },
      // The vehicle was checked in meanwhile: its check-in opens instead.
      existingPath: pickupPaths.edit,
      // The list, this check-in's detail page and the VIN suggestions (the vehicle has its check-in now).
      staleQueries: [pickupsQueryKey, ...(route.id ? [entryQueryKey(route.id)] : []), queryKeys.carSearch],
    });

  if (route.bad || (record.editing && entry.isError && !entry.data)) {
    return <RecordMissing missingText="该入库记录不存在或已被删除" onBack={page.close} />;
  }

  return (
    <FormPage
      page={page}
      className="pickup-form-page"
      title={record.editing ? '编辑入库' : '车辆入库'}
      onSave={() => void save()}
      {...record.frame}
    >
      <PageForm<EntryFormValues>
        form={form}
        name="pickup-entry"
        initialValues={{ ...emptyForm, vin: givenVin }}
        onValuesChange={page.markChanged}
      >
        <Card size="small" title="车辆信息" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label="车架号"
                name="vin"
                rules={rules.vin}
                extra={record.editing ? undefined : '只列出已移交入库、还没有入库记录的车辆'}
              >
                <VinSearchBox stage="entry" placeholder="请输入车架号" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item label="代理人" name="dl_name">
                <Input placeholder="请输入代理人" maxLength={pickupTextLimits.dl_name} allowClear={clearable} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={10}>
              <Form.Item label="备注" name="remark">
                <Input.TextArea
                  placeholder="请输入备注"
                  maxLength={pickupTextLimits.remark}
                  showCount
                  autoSize={{ minRows: 1, maxRows: 6 }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        {/* The three slots side by side at 1366 px: the whole check-in fits on one screen. */}
        <Card size="small" title="入库照片">
          <StageDocumentFields stage="entry" form={form} order={PHOTO_ORDER} xl={6} photosXl={12} />
        </Card>
      </PageForm>
    </FormPage>
  );
}
