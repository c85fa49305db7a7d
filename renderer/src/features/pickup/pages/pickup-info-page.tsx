import { Card, Descriptions, Typography } from 'antd';
import type { Entry } from '../../../../../contract/pickup';
import { formatTime } from '../../../components/format-time';
import { RecordPage } from '../../../components/record-page';
import { StageDocumentsView } from '../../../components/stage-documents';
import { useRouteRecordId } from '../../../components/route-record';
import { VinCell } from '../../../components/vin-cell';
import { useEntry } from '../api/get-entry';
import { pickupPaths } from '../pickup-format';

/** Thumbnails of the check-in's photos: a picture opens in the preview dialog. */
const PHOTO_SIZE = 140;

function EntryDetail({ entry }: { entry: Entry }) {
  const contract = [
    { key: 'purchase_no', label: '采购合同号', children: entry.purchase_no ?? '—' },
    { key: 'customer', label: '客户名称', children: entry.customer_name ?? '—' },
    {
      key: 'amount',
      label: '采购数量',
      children: entry.amount === null ? '—' : `共采购 ${entry.amount} 台`,
    },
  ];
  const vehicle = [
    { key: 'vin', label: '车架号', children: <VinCell vin={entry.vin} vehicleId={entry.car_id} /> },
    { key: 'dl_name', label: '代理人', children: entry.dl_name || '—' },
    { key: 'created_at', label: '入库时间', children: formatTime(entry.created_at) },
    {
      key: 'remark',
      label: '备注',
      span: 'filled' as const,
      children: entry.remark ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{entry.remark}</Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      ),
    },
  ];
  return (
    <>
      <Card size="small" title="合同信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small" items={contract} />
      </Card>
      <Card size="small" title="车辆信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small" items={vehicle} />
      </Card>
      <Card size="small" title="入库照片">
        {/* VIN photo, exterior, the others: one row at 1366 px, the others wrapping under their label. */}
        <StageDocumentsView stage="entry" record={entry} size={PHOTO_SIZE} photosBeside />
      </Card>
    </>
  );
}

/**
 * /pickup/info/:order_id/:p_id/:id: a check-in, read-only (spec part 2, section 2). The check-in's own
 * id is the last parameter; the contract's ids are the legacy link's and are read from the record.
 */
export function PickupInfoPage() {
  const route = useRouteRecordId();
  const entry = useEntry(route.id);
  return (
    <RecordPage<Entry>
      route={route}
      record={entry}
      className="pickup-info-page"
      title="入库详情"
      number={(data) => data.vin}
      loadFailedTitle="入库记录加载失败"
      missingText="该入库记录不存在或已被删除"
      closeTo={pickupPaths.list}
      editPath={pickupPaths.edit}
      history={(data) => ({ entity: 'entry', id: data.id })}
    >
      {(data) => <EntryDetail entry={data} />}
    </RecordPage>
  );
}
