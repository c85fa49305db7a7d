/**
 * A stage record's documents, driven by the stage table (contract/stage.ts), so that plating, transfer,
 * the release pass and any later record build their upload slots and their read-only view from one row:
 *
 * - `StageDocumentFields`: one `UploadSlot` per slot (label, `maxFiles`, `dir`, required message from
 *   the table) in a `Form`, and, for a rated stage, the live 已上传 n/8 count.
 * - `StageDocumentsView`: the same slots read-only: pictures open the preview, other files are links,
 *   a missing document says 未上传; the rate as n/8.
 * - `documentFormValues` / `documentBodyFields`: a record's paths to the form's lists and back (one path
 *   per single slot, the list for `car_image`).
 */
import type { CSSProperties } from 'react';
import { Col, Descriptions, Form, Progress, Row, Space, Tag, Typography } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import {
  documentCount,
  type DocumentSlot,
  type RecordDocuments,
  type Stage,
  stageTable,
} from '../../../contract/stage';
import { FilePreview } from './file-preview';
import { UploadSlot } from './upload-slot';

export const PHOTO_FIELD = 'car_image';

/** The slots of a stage, the single documents first (in the table's order), the photo list last. */
export const stageSlots = (stage: Stage): { documents: DocumentSlot[]; photos: DocumentSlot | undefined } => ({
  documents: stageTable[stage].slots.filter((slot) => slot.field !== PHOTO_FIELD),
  photos: stageTable[stage].slots.find((slot) => slot.field === PHOTO_FIELD),
});

/** The form's values of the documents: every slot holds a list of stored paths. */
export type DocumentFormValues = Record<string, string[]>;

/** A record's paths as the form's lists (a missing document is an empty slot). */
export function documentFormValues(stage: Stage, record: object): DocumentFormValues {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    stageTable[stage].slots.map((slot) => {
      const value = source[slot.field];
      if (Array.isArray(value)) return [slot.field, value.filter((path): path is string => typeof path === 'string')];
      return [slot.field, typeof value === 'string' && value !== '' ? [value] : []];
    }),
  );
}

/** The request's document fields from the form's values: one path (or '') per single slot, the list for the photos. */
export function documentBodyFields(stage: Stage, values: object): Record<string, string | string[]> {
  const source = values as Partial<DocumentFormValues>;
  return Object.fromEntries(
    stageTable[stage].slots.map((slot) => {
      const paths = source[slot.field] ?? [];
      return [slot.field, slot.field === PHOTO_FIELD ? [...paths] : (paths[0] ?? '')];
    }),
  );
}

/** The form's lists as the documents `documentCount` reads. */
const recordDocumentsOf = (values: Partial<DocumentFormValues>): RecordDocuments =>
  Object.fromEntries(Object.entries(values).map(([field, paths]) => [field, paths?.[0] ?? null]));

/** 3/8: how many of the stage's counted documents the form or the record holds. */
export function documentRateText(stage: Stage, documents: RecordDocuments): string {
  const { present, of } = documentCount(stage, documents);
  return `${present}/${of}`;
}

const requiredRule = (slot: DocumentSlot): Rule[] =>
  slot.required
    ? [
        {
          validator: (_rule, value: unknown) =>
            Array.isArray(value) && value.length > 0
              ? Promise.resolve()
              : Promise.reject(new Error(slot.missing ?? `请上传${slot.label}`)),
        },
      ]
    : [];

/** 已上传 3/8 with a bar: grey with none, orange while some are missing, green once complete. */
export function DocumentCountTag({ present, of }: { present: number; of: number }) {
  const color = present === 0 ? 'default' : present === of ? 'success' : 'warning';
  return (
    <Space size={8} aria-label="资料上传进度">
      <Tag color={color} style={{ marginInlineEnd: 0 }}>
        已上传 {present}/{of}
      </Tag>
      <Progress
        percent={of === 0 ? 0 : Math.round((present / of) * 100)}
        size="small"
        showInfo={false}
        style={{ width: 120, margin: 0 }}
        status={present === of ? 'success' : 'normal'}
      />
    </Space>
  );
}

export interface StageDocumentFieldsProps<Values> {
  stage: Stage;
  form: FormInstance<Values>;
  /** Width of a single document's column at the widest screens (default 6 of 24: four a row). */
  xl?: number;
  /** Width of the photo list's column there (default 24: a row of its own; 12 puts it beside two documents). */
  photosXl?: number;
  /** The single documents' fields in the order this form shows them (default: the stage table's). */
  order?: readonly string[];
}

/** The single documents in the order a screen names (those it does not name keep the table's order, after). */
const inOrder = (documents: DocumentSlot[], order: readonly string[] | undefined): DocumentSlot[] =>
  order === undefined ? documents : [...documents].sort((a, b) => rank(order, a.field) - rank(order, b.field));
const rank = (order: readonly string[], field: string) => {
  const index = order.indexOf(field);
  return index < 0 ? order.length : index;
};

/**
 * The upload slots of a stage's documents, each its own `Form.Item` named by the API field, and the
 * photo list after them. Each slot takes what the table allows it (`dir`, `accept`: photos only where
 * it says so, `maxFiles`); a single document's slot holds one file, and replacing it leaves the others.
 */
export function StageDocumentFields<Values>({
  stage,
  form,
  xl = 6,
  photosXl = 24,
  order,
}: StageDocumentFieldsProps<Values>) {
  const { documents, photos } = stageSlots(stage);
  // Only the count is watched: the slots re-render on their own, not on every change of the form.
  const present = Form.useWatch(
    (values: Partial<DocumentFormValues>) => documentCount(stage, recordDocumentsOf(values ?? {})).present,
    form as FormInstance,
  ) as number | undefined;
  const { of } = documentCount(stage, {});
  return (
    <>
      {stageTable[stage].rated && (
        <div style={{ marginBottom: 12 }}>
          <DocumentCountTag present={present ?? 0} of={of} />
        </div>
      )}
      <Row gutter={16}>
        {inOrder(documents, order).map((slot) => (
          <Col key={slot.field} xs={24} sm={12} lg={8} xl={xl}>
            <Form.Item label={slot.label} name={slot.field} required={slot.required} rules={requiredRule(slot)}>
              <UploadSlot dir={slot.dir} accept={slot.accept} maxCount={slot.maxFiles} thumbnailSize={88} />
            </Form.Item>
          </Col>
        ))}
        {/* The slot's own hint says how many it takes (最多 9 个). */}
        {photos && (
          <Col xs={24} xl={photosXl}>
            <Form.Item label={photos.label} name={photos.field} required={photos.required} rules={requiredRule(photos)}>
              <UploadSlot dir={photos.dir} accept={photos.accept} maxCount={photos.maxFiles} thumbnailSize={88} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </>
  );
}

export interface StageDocumentsViewProps {
  stage: Stage;
  /** The record as read: a path (or null) per single slot, a list under `car_image`. */
  record: object;
  /** Thumbnail size of the documents (default 96). */
  size?: number;
  /** The photo list as the table's last column, beside the documents (a check-in's two photos), not below. */
  photosBeside?: boolean;
  style?: CSSProperties;
}

/**
 * A stage record's documents, read-only, each under its label; 未上传 where one is missing; the photo
 * list says how many it holds (其他照片（2）).
 */
export function StageDocumentsView({ stage, record, size = 96, photosBeside = false, style }: StageDocumentsViewProps) {
  const { documents, photos } = stageSlots(stage);
  const source = record as Record<string, unknown>;
  const paths = (field: string) => {
    const value = source[field];
    return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? value : null;
  };
  const photoPaths = photos ? paths(photos.field) : null;
  const photoCount = Array.isArray(photoPaths) ? photoPaths.length : 0;
  const photoLabel = photos ? (photoCount > 0 ? `${photos.label}（${photoCount}）` : photos.label) : '';
  const besideShown = photosBeside && photos !== undefined;
  // Five documents (a transfer) fit one row; eight (a plating) are two rows of four; beside them the
  // photo list takes as much as the documents together.
  const columns = besideShown ? documents.length + 1 : documents.length <= 5 ? Math.max(1, documents.length) : 4;
  const share = besideShown ? 100 / (2 * documents.length) : 100 / columns;
  const cell = (width: number) => ({
    content: { overflowWrap: 'anywhere' as const, width: `${width}%`, verticalAlign: 'top' as const },
  });
  const items = [
    ...documents.map((slot) => ({
      key: slot.field,
      label: slot.label,
      styles: cell(share),
      children: <FilePreview paths={paths(slot.field)} size={size} emptyText="未上传" />,
    })),
    ...(besideShown
      ? [
          {
            key: photos.field,
            label: photoLabel,
            styles: cell(50),
            children: <FilePreview paths={photoPaths} size={size} emptyText="未上传" />,
          },
        ]
      : []),
  ];
  return (
    <div style={style}>
      {stageTable[stage].rated && (
        <Typography.Paragraph>
          <DocumentCountTag {...documentCount(stage, source as RecordDocuments)} />
        </Typography.Paragraph>
      )}
      {/* Equal columns; a long file name wraps inside its cell instead of leaving the table. */}
      <Descriptions bordered size="small" layout="vertical" column={{ xs: 1, sm: 2, xl: columns }} items={items} />
      {photos && !besideShown && (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5} style={{ fontSize: 14 }}>
            {photoLabel}
          </Typography.Title>
          <FilePreview paths={photoPaths} size={size} emptyText="未上传" />
        </div>
      )}
    </div>
  );
}
