import { useNavigate } from 'react-router-dom';
import { Button, Card, Descriptions, Empty, Space, Tabs, Typography } from 'antd';
import { EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import {
  exportsLabels,
  type ExportsRecord,
  NOT_LINKED,
  type ReleaseDetail,
  releaseListMessages,
} from '../../../../../contract/exports';
import type { ReleasePass } from '../../../../../contract/release-pass';
import { formatMoney } from '../../../components/format-money';
import { formatDate, formatTime } from '../../../components/format-time';
import { RecordPage } from '../../../components/record-page';
import { useRouteRecordId } from '../../../components/route-record';
import { StageDocumentsView } from '../../../components/stage-documents';
import { VinCell } from '../../../components/vin-cell';
import { useReleaseDetail } from '../api/release-detail';
import { releaseListPaths } from '../release-list-paths';
import { useReleaseHandOver, useReleaseListRefresh } from '../components/release-hand-over';

/** The vehicles a record holds, one VIN a line. */
function RecordCars({ cars }: { cars: readonly { car_id: number; vin: string; model: string | null }[] }) {
  return (
    <Space orientation="vertical" size={2}>
      {cars.map((car) => (
        <span key={car.car_id}>
          <VinCell vin={car.vin} />
          {car.model ? <Typography.Text type="secondary"> {car.model}</Typography.Text> : null}
        </span>
      ))}
    </Space>
  );
}

function NoRecords() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={releaseListMessages.noRecords} />;
}

function ExportRecordCard({ record, purchaseId }: { record: ExportsRecord; purchaseId: number }) {
  const navigate = useNavigate();
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
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => navigate(releaseListPaths.exportsEditFrom(record.order_id, purchaseId, record.id))}
        >
          编辑
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, md: 4 }} size="small" items={items} style={{ marginBottom: 12 }} />
      <StageDocumentsView stage="exports" record={record} />
    </Card>
  );
}

function ReleaseRecordCard({ record, purchaseId }: { record: ReleasePass; purchaseId: number }) {
  const navigate = useNavigate();
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
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => navigate(releaseListPaths.releaseEditFrom(record.order_id, purchaseId, record.id))}
        >
          编辑
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, md: 4 }} size="small" items={items} style={{ marginBottom: 12 }} />
      <StageDocumentsView stage="release" record={record} photosBeside />
    </Card>
  );
}

function ReleaseDetailView({ detail }: { detail: ReleaseDetail }) {
  const { purchase } = detail;
  const header = [
    { key: 'purchase_no', label: '采购合同号', children: purchase.purchase_no },
    {
      key: 'order_no',
      label: '海外合同号',
      children: purchase.order_no ?? <Typography.Text type="secondary">{NOT_LINKED}</Typography.Text>,
    },
    { key: 'customer', label: '卖方', children: purchase.customer_name || '—' },
    { key: 'amount', label: '采购数量', children: `共采购 ${purchase.amount} 台` },
  ];
  return (
    <>
      <Descriptions column={{ xs: 1, md: 4 }} size="small" items={header} style={{ marginBottom: 8 }} />
      <Tabs
        items={[
          {
            key: 'exports',
            label: `出口记录（${detail.exports.length}）`,
            children:
              detail.exports.length === 0 ? (
                <NoRecords />
              ) : (
                detail.exports.map((record) => (
                  <ExportRecordCard key={record.id} record={record} purchaseId={purchase.id} />
                ))
              ),
          },
          {
            key: 'releases',
            label: `出库记录（${detail.releases.length}）`,
            children:
              detail.releases.length === 0 ? (
                <NoRecords />
              ) : (
                detail.releases.map((record) => (
                  <ReleaseRecordCard key={record.id} record={record} purchaseId={purchase.id} />
                ))
              ),
          },
        ]}
      />
    </>
  );
}

/**
 * /release/info/:order_id/:p_id (spec part 2, section 2, "Release detail page"): one purchase contract's
 * export declarations and release passes, each with its documents and 编辑; 移交归档 for that contract.
 * The purchase contract is the page's record (`p_id`); the overseas contract is read from it.
 */
export function ReleaseInfoPage() {
  const route = useRouteRecordId('p_id');
  const detail = useReleaseDetail(route.id);
  const refresh = useReleaseListRefresh();
  const handOver = useReleaseHandOver(refresh);
  return (
    <RecordPage<ReleaseDetail>
      route={route}
      record={detail}
      className="release-info-page"
      title="放行详情"
      number={(data) => data.purchase.purchase_no}
      loadFailedTitle="放行详情加载失败"
      missingText="该采购合同不存在或已被删除"
      closeTo={releaseListPaths.list}
      actions={(data) => (
        <Button
          type="primary"
          icon={<FolderOpenOutlined />}
          onClick={() => handOver([{ purchase_id: data.purchase.id, purchase_no: data.purchase.purchase_no }])}
        >
          移交归档
        </Button>
      )}
    >
      {(data) => <ReleaseDetailView detail={data} />}
    </RecordPage>
  );
}
