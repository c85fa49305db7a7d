/**
 * An overseas contract, read-only (spec part 1, 合同详情; spec part 2, the business information page's
 * 海外合同 tab): 合同信息 (number, amount with currency, count, date, agent, progress, files), 客户信息,
 * 代付协议 (number and file), 车辆信息 (VIN, model, price) and 收款记录 with each receipt's 编辑 opening the
 * receipt edit dialog (`PUT /api/receipt/{id}`). Shared by the contract detail (features/overseas) and the
 * business information page (features/filed), which refetch their own reads after a save (`onReceiptSaved`).
 *
 * Props: `order` (`GET /api/order/{id}`'s answer), `onCollect` (shows 收款 above the receipts when given),
 * `onReceiptSaved` (after a receipt edit was saved), `carAction` (a last column of the cars table).
 */
import { type ReactNode, useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import type { Order, OrderCar, Receipt } from '../../../contract/overseas';
import { FilePreview } from './file-preview';
import { formatMoney } from './format-money';
import { formatDate } from './format-time';
import { ReceiptProgress } from './receipt-progress';
import { FxGain } from './profit-figures';
import { ReceiptUpdateDialog } from './receipt-update-dialog';
import { RecordCarsTable } from './record-cars-table';

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

/** Each receipt's 汇兑损益 (issue 26) and the contract's sum, as `GET /api/order/{id}/profit` answers them. */
export interface ReceiptGains {
  byId: ReadonlyMap<number, string | null>;
  total: string | null;
}

function ReceiptTable({
  receipts,
  onEdit,
  emptyText,
  gains,
}: {
  receipts: readonly Receipt[];
  onEdit: (receipt: Receipt) => void;
  emptyText: string;
  gains?: ReceiptGains;
}) {
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
      // With the profit read: the exchange gain under what the bank settled, so the table keeps its width.
      title: gains ? (
        <span title="结汇金额 / 汇兑损益">
          结汇金额
          <br />
          汇兑损益
        </span>
      ) : (
        '结汇金额'
      ),
      dataIndex: 'settlement',
      width: 110,
      align: 'right',
      render: (value: number | null, receipt: Receipt) =>
        gains ? (
          <>
            <div>{money(value)}</div>
            <div className="receipt-fx-gain" title="汇兑损益">
              <FxGain value={gains.byId.get(receipt.id)} />
            </div>
          </>
        ) : (
          money(value)
        ),
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
      locale={{ emptyText }}
    />
  );
}

export interface OrderContractViewProps {
  order: Order;
  onCollect?: () => void;
  onReceiptSaved: () => void;
  /** A last column of the cars table (the contract detail's 业务信息 link per vehicle). */
  carAction?: { title: string; render: (car: OrderCar) => ReactNode };
  /** Above the receipts: the contract's receipt deadline (the contract detail's, issue 25). */
  receiptDeadline?: ReactNode;
  /** Each receipt's 汇兑损益 and their sum (the contract detail's, issue 26); not shown when absent. */
  receiptGains?: ReceiptGains;
}

export function OrderContractView({
  order,
  onCollect,
  onReceiptSaved,
  carAction,
  receiptDeadline,
  receiptGains,
}: OrderContractViewProps) {
  const [editingReceipt, setEditingReceipt] = useState<Receipt>();
  const carColumns: TableColumnsType<OrderCar> = carAction
    ? [
        ...orderPriceColumns,
        {
          key: 'action',
          title: carAction.title,
          width: 96,
          render: (_: unknown, car: OrderCar) => carAction.render(car),
        },
      ]
    : orderPriceColumns;

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
        <RecordCarsTable cars={order.cars} priceColumns={carColumns} />
      </Card>
      <Card
        size="small"
        title={`收款记录（${order.receipts.length}）`}
        style={{ marginBottom: 16 }}
        extra={
          <Space size={12}>
            {receiptGains && receiptGains.total !== null ? (
              <span className="receipt-fx-total">
                汇兑损益合计 <FxGain value={receiptGains.total} />
              </span>
            ) : null}
            {onCollect ? (
              <Button size="small" icon={<DollarOutlined />} onClick={onCollect}>
                收款
              </Button>
            ) : null}
          </Space>
        }
      >
        {receiptDeadline}
        <ReceiptTable
          receipts={order.receipts}
          gains={receiptGains}
          onEdit={setEditingReceipt}
          emptyText={onCollect ? '暂无收款记录，点击“收款”登记' : '暂无收款记录'}
        />
      </Card>
      <ReceiptUpdateDialog
        receipt={editingReceipt}
        onClose={() => setEditingReceipt(undefined)}
        onSaved={() => {
          setEditingReceipt(undefined);
          onReceiptSaved();
        }}
      />
    </>
  );
}
