/**
 * The export declaration (出口报关) and the release pass (放行条) as read-only cards: the declaration's
 * number, date, amount with currency, vehicles and its six documents; the pass's time, vehicles, release
 * slip, departure photo and photos (StageDocumentsView). Shared by the release detail (features/release,
 * with 编辑 leading to the record's form) and the business information page (features/filed, read-only).
 */
import { useNavigate } from 'react-router-dom';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { exportsLabels, type ExportsRecord } from '../../../contract/release-exports';
import type { ReleasePass } from '../../../contract/release';
import { formatMoney } from './format-money';
import { formatDate, formatTime } from './format-time';
import { HistoryButton } from './history-drawer';
import { StageDocumentsView } from './stage-documents';
import { VinCell } from './vin-cell';

/** The vehicles a record holds, one VIN a line. */
function RecordCars({ cars }: { cars: readonly { car_id: number; vin: string; model: string | null }[] }) {
  return (
    <Space orientation="vertical" size={2}>
      {cars.map((car) => (
        <span key={car.car_id}>
          <VinCell vin={car.vin} vehicleId={car.car_id} />
          {car.model ? <Typography.Text type="secondary"> {car.model}</Typography.Text> : null}
        </span>
      ))}
    </Space>
  );
}

function EditButton({ editPath }: { editPath: string | undefined }) {
  const navigate = useNavigate();
  if (!editPath) return null;
  return (
    <Button size="small" icon={<EditOutlined />} onClick={() => navigate(editPath)}>
      编辑
    </Button>
  );
}

export interface ExportRecordCardProps {
  record: ExportsRecord;
  /** The edit form's path; no 编辑 without it. */
  editPath?: string;
}

export function ExportRecordCard({ record, editPath }: ExportRecordCardProps) {
  const items = [
    { key: 'bgd_sn', label: exportsLabels.bgd_sn, children: record.bgd_sn || '—' },
    { key: 'exports_date', label: exportsLabels.exports_date, children: formatDate(record.exports_date) || '—' },
    {
      key: 'exports_money',
      label: exportsLabels.exports_money,
      children: record.exports_money === null ? '—' : `${formatMoney(record.exports_money)} ${record.currency}`,
    },
    { key: 'created_at', label: '创建时间', children: formatTime(record.created_at) },
    { key: 'cars', label: '出口车辆', span: 'filled' as const, children: <RecordCars cars={record.exportscar} /> },
  ];
  return (
    <Card
      size="small"
      title={`出口报关 #${record.id}`}
      aria-label={`出口报关 ${record.id}`}
      style={{ marginBottom: 16 }}
      extra={
        <Space size={4}>
          <HistoryButton
            target={{ entity: 'exports', id: record.id }}
            subject={`出口报关 #${record.id}`}
            label={`变更记录 出口报关 ${record.id}`}
          />
          <EditButton editPath={editPath} />
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, md: 4 }} size="small" items={items} style={{ marginBottom: 12 }} />
      <StageDocumentsView stage="exports" record={record} />
    </Card>
  );
}

export interface ReleaseRecordCardProps {
  record: ReleasePass;
  /** The edit form's path; no 编辑 without it. */
  editPath?: string;
}

export function ReleaseRecordCard({ record, editPath }: ReleaseRecordCardProps) {
  const items = [
    { key: 'created_at', label: '放行时间', children: formatTime(record.created_at) },
    { key: 'cars', label: '放行车辆', span: 'filled' as const, children: <RecordCars cars={record.releasecar} /> },
  ];
  return (
    <Card
      size="small"
      title={`放行条 #${record.id}`}
      aria-label={`放行条 ${record.id}`}
      style={{ marginBottom: 16 }}
      extra={
        <Space size={4}>
          <HistoryButton
            target={{ entity: 'release', id: record.id }}
            subject={`放行条 #${record.id}`}
            label={`变更记录 放行条 ${record.id}`}
          />
          <EditButton editPath={editPath} />
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, md: 4 }} size="small" items={items} style={{ marginBottom: 12 }} />
      <StageDocumentsView stage="release" record={record} photosBeside />
    </Card>
  );
}
