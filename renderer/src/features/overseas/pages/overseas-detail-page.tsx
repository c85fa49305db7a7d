import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card } from 'antd';
import { SendOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../../contract/overseas';
import { orderProfitQuery, orderProfitQueryKey } from '../../../api/order-profit';
import { queryKeys } from '../../../api/query-keys';
import { OrderContractView } from '../../../components/order-contract-view';
import { OrderProfitView } from '../../../components/order-profit';
import { RecordPage } from '../../../components/record-page';
import { RecordTabs } from '../../../components/record-tabs';
import { useRouteRecordId } from '../../../components/route-record';
import { ReceiptCollectDialog, type ReceiptTarget } from '../components/receipt-collect-dialog';
import { ReceiptDeadline } from '../components/receipt-deadline';
import { ordersQueryKey } from '../api/list-orders';
import { canBuy, canHandOver, useHandOverOrder } from '../hooks/use-hand-over-order';
import { useOrder } from '../hooks/use-order';
import { overseasPaths } from '../overseas-format';

function OrderDetail({ order, onCollect }: { order: Order; onCollect: () => void }) {
  const queryClient = useQueryClient();
  // Each receipt's 汇兑损益 (issue 26), from the profit the 利润 tab reads too (one request, cached).
  const profit = useQuery(orderProfitQuery(order.id));
  const receiptGains = profit.data && {
    byId: new Map(profit.data.receipts.map((receipt) => [receipt.id, receipt.fx_gain])),
    total: profit.data.totals.fx_gain,
  };
  return (
    <>
      <OrderContractView
        order={order}
        onCollect={onCollect}
        onReceiptSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
          void queryClient.invalidateQueries({ queryKey: queryKeys.deadlines });
        }}
        receiptDeadline={<ReceiptDeadline order={order} />}
        receiptGains={receiptGains}
        carAction={{
          title: '操作',
          render: (car) => (
            <Link to={overseasPaths.businessInfo(order.id, car.id)} aria-label={`业务信息 ${car.vin}`}>
              业务信息
            </Link>
          ),
        }}
      />
      <Card size="small" title="记录">
        <RecordTabs drawback={order.drawback} archive={order.archive} freight={order.freight} />
      </Card>
    </>
  );
}

export function OverseasDetailPage() {
  const route = useRouteRecordId();
  const order = useOrder(route.id);
  const queryClient = useQueryClient();
  const { handOver, busyId } = useHandOverOrder();
  const navigate = useNavigate();
  const [collecting, setCollecting] = useState<ReceiptTarget>();

  return (
    <RecordPage<Order>
      route={route}
      record={order}
      className="overseas-detail-page"
      title="合同详情"
      number={(data) => data.order_no}
      loadFailedTitle="合同详情加载失败"
      missingText="该海外合同不存在或已被删除"
      closeTo={overseasPaths.list}
      editPath={overseasPaths.edit}
      history={(data) => ({ entity: 'order', id: data.id })}
      // Issue 26: what the contract and each car earned, beside 详情.
      tabs={(data) => [{ key: 'profit', label: '利润', children: <OrderProfitView order={data} /> }]}
      onRefresh={(data) => void queryClient.invalidateQueries({ queryKey: [...orderProfitQueryKey, data.id] })}
      actions={(data) =>
        canHandOver(data.status) ? (
          <Button icon={<SendOutlined />} loading={busyId === data.id} onClick={() => void handOver(data)}>
            移交采购
          </Button>
        ) : canBuy(data.status) ? (
          <Button icon={<ShoppingCartOutlined />} onClick={() => navigate(overseasPaths.purchaseAdd(data.id))}>
            新建采购合同
          </Button>
        ) : null
      }
      dialogs={
        <ReceiptCollectDialog
          order={collecting}
          onClose={() => setCollecting(undefined)}
          onSaved={() => {
            setCollecting(undefined);
            void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
            // A receipt may end the contract's receipt deadline.
            void queryClient.invalidateQueries({ queryKey: queryKeys.deadlines });
          }}
        />
      }
    >
      {(data) => (
        <OrderDetail
          order={data}
          onCollect={() =>
            setCollecting({
              id: data.id,
              order_no: data.order_no,
              currency: data.currency,
              total: data.total,
              receipt_total: data.receipt_total,
            })
          }
        />
      )}
    </RecordPage>
  );
}
