import { useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DollarOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Order, OrderCar, Receipt } from '../../../../../contract/overseas';
import { FilePreview } from '../../../components/file-preview';
import { formatMoney } from '../../../components/format-money';
import { formatDate } from '../../../components/format-time';
import { RecordCarsTable } from '../../../components/record-cars-table';
import { RecordPage } from '../../../components/record-page';
import { RecordTabs } from '../../../components/record-tabs';
import { useRouteRecordId } from '../../../components/route-record';
import { ReceiptCollectDialog, type ReceiptTarget } from '../components/receipt-collect-dialog';
import { ReceiptProgress } from '../components/receipt-progress';
import { ReceiptUpdateDialog } from '../components/receipt-update-dialog';
import { ordersQueryKey } from '../api/list-orders';
import { canHandOver, useHandOverOrder } from '../hooks/use-hand-over-order';
import { useOrder } from '../hooks/use-order';
import { overseasPaths } from '../overseas-format';

/** Proofs and slips in the receipt table: small thumbnails, the preview shows them whole. */
const CELL_THUMBNAIL_SIZE = 56;

const text = (value: string | null | undefined) => (value ? value : '—');
const money = (value: number | null | undefined, currency?: string) =>
  typeof value === 'number' ? `${currency ? `${currency} ` : ''}${formatMoney(value)}` : '—';

/** The overseas side's price after the common car columns. */
const orderPriceColumns: TableColumnsType<OrderCar> = [
  {
    key: 'order_price',
    title: '价格',
    dataIndex: 'order_price',
    align: 'right',
    render: (price: number | null) => money(price),
  },
];

function ReceiptTable({ receipts, onEdit }: { receipts: readonly Receipt[]; onEdit: (receipt: Receipt) => void }) {
  const columns: TableColumnsType<Receipt> = [
    {
      key: 'amount',
      title: '收款金额',
      align: 'right',
      width: 160,
      render: (_: unknown, receipt: Receipt) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          {receipt.is_deposit === 1 ? <Tag color="gold">定金</Tag> : null}
          <span>{money(receipt.amount, receipt.currency)}</span>
        </Space>
      ),
    },
    { key: 'receipt_no', title: '收款单号', dataIndex: 'receipt_no', width: 130, ellipsis: true },
    { key: 'receipted_at', title: '收款日期', dataIndex: 'receipted_at', width: 100, render: formatDate },
    { key: 'remitter', title: '汇款人', dataIndex: 'remitter', width: 100, ellipsis: true, render: text },
    {
      key: 'settlement',
      title: '结汇金额',
      dataIndex: 'settlement',
      width: 110,
      align: 'right',
      render: (value: number | null) => money(value),
    },
    {
      key: 'actual_total',
      title: '实收金额',
      dataIndex: 'actual_total',
      width: 110,
      align: 'right',
      render: (value: number | null) => money(value),
    },
    {
      key: 'registered_address',
      title: '注册地址',
      dataIndex: 'registered_address',
      width: 130,
      ellipsis: true,
      render: text,
    },
    {
      key: 'proof',
      title: '支付证明',
      width: 72,
      render: (_: unknown, receipt: Receipt) => (
        <FilePreview paths={[receipt.proof]} size={CELL_THUMBNAIL_SIZE} emptyText="—" />
      ),
    },
    {
      key: 'receipt',
      title: '结汇税单',
      width: 72,
      render: (_: unknown, receipt: Receipt) => (
        <FilePreview paths={[receipt.receipt]} size={CELL_THUMBNAIL_SIZE} emptyText="—" />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 64,
      fixed: 'right',
      render: (_: unknown, receipt: Receipt) => (
        <Button type="link" size="small" aria-label={`编辑收款 ${receipt.receipt_no}`} onClick={() => onEdit(receipt)}>
          编辑
        </Button>
      ),
    },
  ];
  return (
    <Table<Receipt>
      aria-label="收款记录"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...receipts]}
      pagination={false}
      // The widths add up to 1,048 px: the whole table fits beside the sidebar on a 1366 px screen.
      scroll={{ x: 1048 }}
      locale={{ emptyText: '暂无收款记录，点击“收款”登记' }}
    />
  );
}

function OrderDetail({ order, onCollect }: { order: Order; onCollect: () => void }) {
  const queryClient = useQueryClient();
  const [editingReceipt, setEditingReceipt] = useState<Receipt>();

  const contractItems = [
    { key: 'order_no', label: '合同号', children: order.order_no },
    { key: 'total', label: '订单金额', children: money(order.total, order.currency) },
    {
      key: 'amount',
      label: '车辆数量',
      children: `${order.amount} 辆${order.cars.length !== order.amount ? `（已录入 ${order.cars.length} 辆）` : ''}`,
    },
    { key: 'created_at', label: '创建日期', children: formatDate(order.created_at) },
    { key: 'agent', label: '代理人', children: text(order.agent_name) },
    { key: 'progress', label: '收款进度', children: <ReceiptProgress order={order} /> },
    {
      key: 'contracts',
      label: '合同文件',
      span: 'filled' as const,
      children: <FilePreview paths={order.contracts} size={104} emptyText="未上传" />,
    },
  ];
  const customerItems = [
    { key: 'name', label: '客户名称', children: order.customer?.name ?? order.customer_name },
    { key: 'country', label: '国家', children: text(order.customer_country) },
    { key: 'contact_way', label: '联系方式', children: text(order.customer_contact_way) },
    { key: 'address', label: '客户地址', children: text(order.customer_address) },
  ];
  const agreementItems = [
    { key: 'agreement_no', label: '协议编号', children: text(order.agreement_no) },
    {
      key: 'agreement',
      label: '协议文件',
      children: <FilePreview paths={[order.agreement]} size={104} emptyText="未上传" />,
    },
  ];

  return (
    <>
      <Card size="small" title="合同信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" items={contractItems} />
      </Card>
      <Card size="small" title="客户信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" items={customerItems} />
      </Card>
      <Card size="small" title="代付协议" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" items={agreementItems} />
      </Card>
      <Card size="small" title={`车辆信息（${order.cars.length}）`} style={{ marginBottom: 16 }}>
        <RecordCarsTable cars={order.cars} priceColumns={orderPriceColumns} />
      </Card>
      <Card
        size="small"
        title={`收款记录（${order.receipts.length}）`}
        style={{ marginBottom: 16 }}
        extra={
          <Button size="small" icon={<DollarOutlined />} onClick={onCollect}>
            收款
          </Button>
        }
      >
        <ReceiptTable receipts={order.receipts} onEdit={setEditingReceipt} />
      </Card>
      <Card size="small" title="记录">
        <RecordTabs drawback={order.drawback} archive={order.archive} freight={order.freight} />
      </Card>
      <ReceiptUpdateDialog
        receipt={editingReceipt}
        onClose={() => setEditingReceipt(undefined)}
        onSaved={() => {
          setEditingReceipt(undefined);
          void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        }}
      />
    </>
  );
}

export function OverseasDetailPage() {
  const route = useRouteRecordId();
  const order = useOrder(route.id);
  const queryClient = useQueryClient();
  const { handOver, busyId } = useHandOverOrder();
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
      actions={(data) =>
        canHandOver(data.status) ? (
          <Button icon={<SendOutlined />} loading={busyId === data.id} onClick={() => void handOver(data)}>
            移交采购
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
