/**
 * The document checklist of the vehicle file: for every stage the car has reached, each slot of the
 * stage table with its files (preview in the one viewer, download) or 「缺少」 for a required slot
 * without one; how complete each stage is and the car in all (required present / required); the
 * missing required documents listed first, each a button to its slot. An empty slot of an existing
 * record takes an upload right there (`onUpload` saves it through the record's edit); a stage without a
 * record offers its add form.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { recordAllowedIn, type Stage, stageTable } from '../../../../../contract/stage';
import { vehicleFileMessages, type VehicleFile } from '../../../../../contract/vehicle-file';
import { StoredFileLink } from '../../../components/stored-file';
import { UploadSlot } from '../../../components/upload-slot';
import { isEditableStage } from '../api/save-slot';
import { stageAddPath, stageAddRecordLabel } from '../vehicle-paths';
import { skippedEntry } from './stage-timeline';

type FileDocument = VehicleFile['documents'][number];

export interface SlotUpload {
  stage: Stage;
  field: string;
  paths: string[];
}

export interface DocumentChecklistProps {
  file: VehicleFile;
  /** Saves a slot filled here; resolves once saved (or refused: the page says why). */
  onUpload: (upload: SlotUpload) => Promise<void>;
  /** A save is under way or the file is reloading: no second upload meanwhile. */
  busy: boolean;
}

/** The id of a slot's row (the missing list's buttons go there). */
const slotRowId = (stage: Stage, field: string) => `vehicle-file-slot-${stage}-${field}`;

/** Required slots with a file over required slots. */
export const completenessOf = (documents: readonly FileDocument[]) => {
  const required = documents.filter((document) => document.required);
  return { present: required.filter((document) => document.files.length > 0).length, required: required.length };
};

const percent = ({ present, required }: { present: number; required: number }) =>
  required === 0 ? 100 : Math.round((present / required) * 100);

function SlotRow({
  document,
  recordId,
  busy,
  onUpload,
}: {
  document: FileDocument;
  recordId: number | null;
  busy: boolean;
  onUpload: DocumentChecklistProps['onUpload'];
}) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const uploadArea = useRef<HTMLDivElement>(null);
  // The drop area takes the focus as it opens: Enter or Space opens the file picker.
  useEffect(() => {
    if (open) uploadArea.current?.querySelector<HTMLElement>('[role="button"]')?.focus();
  }, [open]);
  const slot = stageTable[document.stage].slots.find((candidate) => candidate.field === document.field);
  const empty = document.files.length === 0;
  const canUpload = empty && recordId !== null && slot !== undefined && isEditableStage(document.stage);
  const stageLabel = stageTable[document.stage].label;

  return (
    <li
      id={slotRowId(document.stage, document.field)}
      className="vehicle-file-slot"
      data-field={document.field}
      aria-label={`${stageLabel} ${document.label}`}
      // Focusable from the missing list, also when it has no 上传 (a stage without a record).
      tabIndex={-1}
      style={{ padding: '6px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <div style={{ width: 112, flex: 'none', paddingTop: 1 }}>
          {document.label}
          {document.required && (
            <Typography.Text type="danger" aria-label="必需" style={{ marginLeft: 2 }}>
              *
            </Typography.Text>
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {empty ? (
            <Space size={8} wrap>
              {document.required ? (
                <Tag color="error">{vehicleFileMessages.missing}</Tag>
              ) : (
                <Typography.Text type="secondary">未上传</Typography.Text>
              )}
              {canUpload && !open && (
                <Button
                  size="small"
                  icon={<UploadOutlined />}
                  disabled={busy}
                  className="vehicle-file-upload-button"
                  aria-label={`上传${document.label}`}
                  onClick={() => setOpen(true)}
                >
                  上传
                </Button>
              )}
            </Space>
          ) : (
            <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
              {document.files.map((file) => (
                <StoredFileLink key={file.path} path={file.path} name={file.name} />
              ))}
            </Space>
          )}
        </div>
      </div>
      {canUpload && open && slot && (
        <div ref={uploadArea} style={{ marginTop: 6, marginLeft: 124 }}>
          <UploadSlot
            dir={slot.dir}
            accept={slot.accept}
            // One file fills the gap; more photos are added on the record's edit page.
            maxCount={1}
            disabled={busy || saving}
            onChange={(paths) => {
              if (paths.length === 0) return;
              setSaving(true);
              void onUpload({ stage: document.stage, field: document.field, paths }).finally(() => {
                setSaving(false);
                setOpen(false);
              });
            }}
          />
          <Space size={8} style={{ marginTop: 4 }}>
            {saving ? (
              <Typography.Text type="secondary">正在保存…</Typography.Text>
            ) : (
              <Button size="small" type="link" onClick={() => setOpen(false)}>
                取消上传
              </Button>
            )}
          </Space>
        </div>
      )}
    </li>
  );
}

function StageDocuments({
  file,
  stage,
  documents,
  busy,
  onUpload,
}: {
  file: VehicleFile;
  stage: Stage;
  documents: FileDocument[];
  busy: boolean;
  onUpload: DocumentChecklistProps['onUpload'];
}) {
  const item = file.stages.find((candidate) => candidate.stage === stage);
  const recordId = item?.record_id ?? null;
  const label = item?.label ?? stageTable[stage].label;
  const count = completenessOf(documents);
  const add =
    recordId === null && recordAllowedIn(stage, file.vehicle.flow)
      ? stageAddPath(stage, file.vehicle.id, file.order?.id ?? null)
      : undefined;

  return (
    <section className="vehicle-file-stage-documents" data-stage={stage} aria-label={`${label}资料`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '12px 0 4px' }}>
        <Typography.Text strong>{label}</Typography.Text>
        {count.required > 0 && (
          <>
            <Typography.Text aria-label={`${label}资料完整度`}>
              {count.present}/{count.required}
            </Typography.Text>
            <Progress
              percent={percent(count)}
              size="small"
              showInfo={false}
              status={count.present === count.required ? 'success' : 'normal'}
              style={{ width: 120, margin: 0 }}
            />
          </>
        )}
        {recordId === null && (
          <Space size={8}>
            <Typography.Text type="secondary">尚无{stageTable[stage].recordLabel}</Typography.Text>
            {add && <Link to={add}>{stageAddRecordLabel(stage)}</Link>}
          </Space>
        )}
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {documents.map((document) => (
          <SlotRow key={document.field} document={document} recordId={recordId} busy={busy} onUpload={onUpload} />
        ))}
      </ul>
    </section>
  );
}

export function DocumentChecklist({ file, onUpload, busy }: DocumentChecklistProps) {
  const stages = file.stages.map((item) => item.stage);
  const groups = stages
    .map((stage) => ({ stage, documents: file.documents.filter((document) => document.stage === stage) }))
    .filter((group) => group.documents.length > 0 || skippedEntry(file, group.stage));
  const total = file.completeness;
  const labelOf = (stage: Stage) => file.stages.find((item) => item.stage === stage)?.label ?? stageTable[stage].label;

  const goTo = (stage: Stage, field: string) => {
    const row = document.getElementById(slotRowId(stage, field));
    row?.scrollIntoView?.({ block: 'center' });
    // The slot's 上传 button when it has one, else the row itself.
    const target = row?.querySelector<HTMLElement>('.vehicle-file-upload-button:not([disabled])');
    (target ?? row)?.focus();
  };

  return (
    <Card
      size="small"
      title="资料清单"
      className="vehicle-file-checklist"
      extra={
        <Space size={8}>
          <Typography.Text aria-label="资料完整度">
            完整度 {total.present}/{total.required}
          </Typography.Text>
          <Progress
            percent={percent(total)}
            size="small"
            status={total.present === total.required ? 'success' : 'normal'}
            style={{ width: 140, margin: 0 }}
          />
        </Space>
      }
    >
      {file.missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="vehicle-file-missing"
          title={`缺少 ${file.missing.length} 份必需资料`}
          description={
            <Space size={[4, 4]} wrap role="list" aria-label="缺少的资料">
              {file.missing.map((slot) => (
                <span role="listitem" key={`${slot.stage}:${slot.field}`}>
                  <Button size="small" danger onClick={() => goTo(slot.stage, slot.field)}>
                    {labelOf(slot.stage)} · {slot.label}
                  </Button>
                </span>
              ))}
            </Space>
          }
          style={{ marginBottom: 4 }}
        />
      )}
      {groups.length === 0 && <Empty description="车辆尚未到达需要资料的环节" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {groups.map((group) =>
        skippedEntry(file, group.stage) && group.documents.length === 0 ? (
          <section
            key={group.stage}
            className="vehicle-file-stage-documents"
            data-stage={group.stage}
            aria-label={`${labelOf(group.stage)}资料`}
            style={{ margin: '12px 0 4px' }}
          >
            <Space size={12}>
              <Typography.Text strong>{labelOf(group.stage)}</Typography.Text>
              <Tag>{vehicleFileMessages.noEntry}</Tag>
              <Typography.Text type="secondary">无需入库资料</Typography.Text>
            </Space>
          </section>
        ) : (
          <StageDocuments
            key={group.stage}
            file={file}
            stage={group.stage}
            documents={group.documents}
            busy={busy}
            onUpload={onUpload}
          />
        ),
      )}
    </Card>
  );
}
