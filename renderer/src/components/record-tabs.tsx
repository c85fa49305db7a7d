/**
 * RecordTabs: the record view of an overseas contract (spec part 1, 合同详情 and the filing screens of
 * part 2): three tabs, 退税记录, 注销记录 and 运费记录, from the order's `drawback`, `archive` and
 * `freight` arrays. Each record shows its application date and VINs (and its amount, issue 26, where the
 * answer carries one); each has 编辑 leading to /filed/tax_edit/{order_id}/{id},
 * /filed/freeze_edit/{order_id}/{id} or /filed/freight_edit/{order_id}/{id}.
 * Pictures (jpg, png, jpeg) are 160x160 thumbnails that open a preview; other files are links
 * (FilePreview). An empty tab says 暂无相关记录. Every record's 变更记录 opens its history in a drawer.
 *
 * Props: `drawback`, `archive`, `freight` (the records as `GET /api/order/{id}` answers them; missing
 * means none), `defaultTab` (`drawback` by default).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Descriptions, Empty, Space, Tabs, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ArchiveRecord, DrawbackRecord, FreightRecord } from '../../../contract/overseas';
import { type Stage, stageTable } from '../../../contract/stage';
import { FilePreview, RECORD_THUMBNAIL_SIZE } from './file-preview';
import { formatMoney } from './format-money';
import { HistoryButton } from './history-drawer';
import { VinCell } from './vin-cell';

/** A document's label as its form's upload slot says it (the stage table), so the form and the view agree. */
const slotLabel = (stage: Stage, field: string): string =>
  stageTable[stage].slots.find((slot) => slot.field === field)?.label ?? field;

export const RECORD_EMPTY_TEXT = '暂无相关记录';

export type RecordTabKey = 'drawback' | 'archive' | 'freight';

export const recordEditPaths = {
  drawback: (orderId: number, id: number) => `/filed/tax_edit/${orderId}/${id}`,
  archive: (orderId: number, id: number) => `/filed/freeze_edit/${orderId}/${id}`,
  freight: (orderId: number, id: number) => `/filed/freight_edit/${orderId}/${id}`,
} as const;

export interface RecordTabsProps {
  drawback?: readonly DrawbackRecord[] | null;
  archive?: readonly ArchiveRecord[] | null;
  freight?: readonly FreightRecord[] | null;
  defaultTab?: RecordTabKey;
}

const applicationDate = (value: string) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

const VIN_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Consolas, "Liberation Mono", monospace' } as const;

function Vins({ cars }: { cars: readonly { vin: string; car_id?: number }[] }) {
  if (cars.length === 0) return <span>—</span>;
  return (
    <Space size={[4, 4]} wrap>
      {cars.map((car) => (
        <Tag key={car.vin} style={VIN_STYLE}>
          <VinCell vin={car.vin} vehicleId={car.car_id} />
        </Tag>
      ))}
    </Space>
  );
}

interface RecordCardProps {
  title: string;
  /** Whose 变更记录 the card's link opens. */
  history: { entity: 'drawback' | 'archive' | 'freight'; id: number };
  createdAt: string;
  cars: readonly { vin: string; car_id?: number }[];
  editPath?: string;
  editLabel?: string;
  files?: Array<{ label: string; paths: readonly (string | null | undefined)[] }>;
  /** The record's amount in CNY (issue 26): null 未录入; absent from an answer that does not carry it. */
  money?: { label: string; value: number | null | undefined };
}

/** An amount not yet recorded: profit stays 预估 until it is. */
export const MONEY_NOT_RECORDED = '未录入';

function RecordCard({ title, history, createdAt, cars, editPath, editLabel, files = [], money }: RecordCardProps) {
  const items: Array<{ key: string; label: string; children: ReactNode }> = [
    { key: 'date', label: '申请日期', children: applicationDate(createdAt) },
    { key: 'vins', label: '车架号', children: <Vins cars={cars} /> },
    ...(money && money.value !== undefined
      ? [
          {
            key: 'money',
            label: money.label,
            children: money.value === null ? MONEY_NOT_RECORDED : `CNY ${formatMoney(money.value)}`,
          },
        ]
      : []),
    ...files.map((file) => ({
      key: file.label,
      label: file.label,
      children: <FilePreview paths={file.paths} size={RECORD_THUMBNAIL_SIZE} emptyText="未上传" />,
    })),
  ];
  return (
    <Card
      size="small"
      role="article"
      aria-label={title}
      title={title}
      extra={
        <Space size={4}>
          <HistoryButton target={history} subject={title} label={`变更记录 ${title}`} />
          {editPath ? (
            <Link to={editPath} aria-label={editLabel}>
              <EditOutlined /> 编辑
            </Link>
          ) : null}
        </Space>
      }
      style={{ marginBottom: 12 }}
    >
      <Descriptions column={1} size="small" items={items} styles={{ label: { width: 110 } }} />
    </Card>
  );
}

function RecordList({ children, count }: { children: ReactNode; count: number }) {
  if (count === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={RECORD_EMPTY_TEXT} />;
  return <div>{children}</div>;
}

export function RecordTabs({ drawback, archive, freight, defaultTab = 'drawback' }: RecordTabsProps) {
  const drawbacks = drawback ?? [];
  const archives = archive ?? [];
  const freights = freight ?? [];

  const items = [
    {
      key: 'drawback',
      label: '退税记录',
      children: (
        <RecordList count={drawbacks.length}>
          {drawbacks.map((record, index) => (
            <RecordCard
              key={record.id ?? index}
              title={`退税记录 ${index + 1}`}
              history={{ entity: 'drawback', id: record.id }}
              createdAt={record.created_at}
              cars={record.drawbackcar ?? []}
              money={{ label: '退税金额', value: record.drawback_money }}
              editPath={recordEditPaths.drawback(record.order_id, record.id)}
              editLabel={`编辑退税记录 ${index + 1}`}
            />
          ))}
        </RecordList>
      ),
    },
    {
      key: 'archive',
      label: '注销记录',
      children: (
        <RecordList count={archives.length}>
          {archives.map((record, index) => (
            <RecordCard
              key={record.id}
              title={`注销记录 ${index + 1}`}
              history={{ entity: 'archive', id: record.id }}
              createdAt={record.created_at}
              cars={record.archivecar ?? []}
              editPath={recordEditPaths.archive(record.order_id, record.id)}
              editLabel={`编辑注销记录 ${index + 1}`}
              files={[{ label: slotLabel('archive', 'zxzm_image'), paths: [record.zxzm_image] }]}
            />
          ))}
        </RecordList>
      ),
    },
    {
      key: 'freight',
      label: '运费记录',
      children: (
        <RecordList count={freights.length}>
          {freights.map((record, index) => (
            <RecordCard
              key={record.id}
              title={`运费记录 ${index + 1}`}
              history={{ entity: 'freight', id: record.id }}
              createdAt={record.created_at}
              cars={record.freightcar ?? []}
              money={{ label: '运费金额', value: record.freight_money }}
              editPath={recordEditPaths.freight(record.order_id, record.id)}
              editLabel={`编辑运费记录 ${index + 1}`}
              files={[
                { label: slotLabel('freight', 'yffp_image'), paths: [record.yffp_image] },
                { label: slotLabel('freight', 'yffkd_image'), paths: [record.yffkd_image] },
                {
                  label: slotLabel('freight', 'car_image'),
                  paths: (record.carimage ?? []).map((image) => image.image_url),
                },
              ]}
            />
          ))}
        </RecordList>
      ),
    },
  ];

  return <Tabs className="record-tabs" defaultActiveKey={defaultTab} items={items} />;
}
