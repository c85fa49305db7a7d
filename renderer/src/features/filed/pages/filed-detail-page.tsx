/**
 * /filed/detail/:order_id (归档详情): an overseas contract's filing records, the record view of spec
 * part 1 (退税记录, 注销记录, 运费记录, each deregistration and freight record with 编辑 to its edit form),
 * with the contract's number, customer and vehicle count above and the filing buttons in the header.
 * The records come with the contract (`GET /api/order/{id}`), so the contract's own detail page and
 * this one read the same answer and show a saved record alike.
 */
import { useNavigate } from 'react-router-dom';
import { Button, Card, Descriptions, Tag } from 'antd';
import { AccountBookOutlined, CarOutlined, StopOutlined } from '@ant-design/icons';
import { ORDER_STATUS, type Order } from '../../../../../contract/overseas';
import { RecordPage } from '../../../components/record-page';
import { RecordTabs } from '../../../components/record-tabs';
import { useRouteRecordId } from '../../../components/route-record';
import { useFiledOrder } from '../api/filed-order';
import { filedPaths } from '../filed-format';

/** The header's three filing forms, in the filed list card's order. */
const HEADER_STEPS = [
  { label: '退税', icon: <AccountBookOutlined />, path: filedPaths.taxAdd },
  { label: '注销', icon: <StopOutlined />, path: filedPaths.freezeAdd },
  { label: '运费', icon: <CarOutlined />, path: filedPaths.freightAdd },
];

/** Why the header's 退税 / 注销 / 运费 are off on a finished contract (on hover). */
export const FINISHED_NOTE = '该合同已完成归档，如需修改请在下方记录中编辑';

function FiledDetail({ order }: { order: Order }) {
  const finished = order.status === ORDER_STATUS.finished;
  return (
    <>
      <Card size="small" title="合同信息" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 4 }}
          items={[
            { key: 'order_no', label: '海外合同号', children: order.order_no },
            { key: 'customer', label: '客户名称', children: order.customer?.name ?? order.customer_name },
            { key: 'count', label: '车辆', children: `共 ${order.cars.length} 台` },
            {
              key: 'status',
              label: '归档状态',
              children: <Tag color={finished ? 'success' : 'processing'}>{finished ? '已完成' : '未完成'}</Tag>,
            },
          ]}
        />
      </Card>
      <Card size="small" title="归档记录">
        <RecordTabs drawback={order.drawback} archive={order.archive} freight={order.freight} />
      </Card>
    </>
  );
}

export function FiledDetailPage() {
  const navigate = useNavigate();
  const route = useRouteRecordId('order_id');
  const order = useFiledOrder(route.id);
  return (
    <RecordPage<Order>
      route={route}
      record={order}
      className="filed-detail-page"
      title="归档详情"
      number={(data) => data.order_no}
      loadFailedTitle="归档详情加载失败"
      missingText="该海外合同不存在或已被删除"
      closeTo={filedPaths.list}
      history={(data) => ({ entity: 'order', id: data.id })}
      actions={(data) => {
        // A finished contract has no vehicle left for a new record (its forms would list none); its
        // deregistration and freight records are still edited from their tabs.
        const finished = data.status === ORDER_STATUS.finished;
        const why = finished ? FINISHED_NOTE : undefined;
        return (
          <>
            {HEADER_STEPS.map((step) => (
              <Button
                key={step.label}
                icon={step.icon}
                disabled={finished}
                title={why}
                onClick={() => navigate(step.path(data.id))}
              >
                {step.label}
              </Button>
            ))}
          </>
        );
      }}
    >
      {(data) => <FiledDetail order={data} />}
    </RecordPage>
  );
}
