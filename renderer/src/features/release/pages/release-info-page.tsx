import { Button, Descriptions, Empty, Tabs, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { NOT_LINKED, type ReleaseDetail, releaseListMessages } from '../../../../../contract/release-exports';
import { RecordPage } from '../../../components/record-page';
import { ExportRecordCard, ReleaseRecordCard } from '../../../components/release-record-cards';
import { useRouteRecordId } from '../../../components/route-record';
import { useReleaseDetail } from '../api/release-detail';
import { releaseListPaths } from '../release-list-paths';
import { useReleaseHandOver, useReleaseListRefresh } from '../components/release-hand-over';

function NoRecords() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={releaseListMessages.noRecords} />;
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
                  <ExportRecordCard
                    key={record.id}
                    record={record}
                    editPath={releaseListPaths.exportsEditFrom(record.order_id, purchase.id, record.id)}
                  />
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
                  <ReleaseRecordCard
                    key={record.id}
                    record={record}
                    editPath={releaseListPaths.releaseEditFrom(record.order_id, purchase.id, record.id)}
                  />
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
