import { Card, Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import {
  purchaseTypeContractLabels,
  type Purchase,
  type PurchaseCar,
  type Remit,
} from '../../../../../contract/purchase';
import { FilePreview } from '../../../components/file-preview';
import { formatMoney } from '../../../components/format-money';
import { formatDate } from '../../../components/format-time';
import { RecordCarsTable } from '../../../components/record-cars-table';
import { RecordPage } from '../../../components/record-page';
import { useRouteRecordId } from '../../../components/route-record';
import { usePurchase } from '../hooks/use-purchase';
import { moneyInCapitals, purchaseMoney, purchasePaths, remittedWithCurrency } from '../purchase-format';

const money = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(value) : '—');

/** The purchase side's prices after the common car columns. */
const purchasePriceColumns: TableColumnsType<PurchaseCar> = [
  { key: 'price', title: '价格', dataIndex: 'price', width: 140, align: 'right', render: money },
  { key: 'invoice', title: '服务费', dataIndex: 'invoice', width: 120, align: 'right', render: money },
  { key: 'other', title: '其他费用', dataIndex: 'other', width: 120, align: 'right', render: money },
];

function RemitTable({ remits }: { remits: readonly Remit[] }) {
  const columns: TableColumnsType<Remit> = [
    { key: 'currency', title: '币种', dataIndex: 'currency', width: 80 },
    { key: 'amount', title: '打款金额', dataIndex: 'amount', width: 160, align: 'right', render: money },
    { key: 'created_at', title: '打款日期', dataIndex: 'created_at', width: 120, render: formatDate },
    {
      key: 'bank_slips',
      title: '银行回单',
      render: (_: unknown, remit: Remit) => <FilePreview paths={[remit.bank_slips]} size={56} emptyText="—" />,
    },
  ];
  return (
    <Table<Remit>
      aria-label="打款记录"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...remits]}
      pagination={false}
      locale={{ emptyText: '暂无打款记录' }}
    />
  );
}

function PurchaseDetail({ purchase }: { purchase: Purchase }) {
  const capitals = moneyInCapitals(purchase.total);
  const items = [
    { key: 'purchase_no', label: '合同号', children: purchase.purchase_no },
    { key: 'type', label: '合同类型', children: purchaseTypeContractLabels[purchase.type] ?? '二手车合同' },
    {
      key: 'total',
      label: '合同总额',
      children: (
        <span>
          {purchaseMoney(purchase.total)}
          {capitals ? <Typography.Text type="secondary">（{capitals}）</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'count', label: '车辆数量', children: `${purchase.car.length} 辆（采购数量 ${purchase.amount}）` },
    { key: 'customer', label: '客户名称', children: purchase.customer_name },
    { key: 'created_at', label: '创建日期', children: formatDate(purchase.created_at) },
    { key: 'remitted', label: '已打款', children: remittedWithCurrency(purchase.remit_total, purchase.total) },
    { key: 'order_no', label: '海外合同号', children: purchase.order_no ?? '—' },
    {
      key: 'contracts',
      label: '合同文件',
      span: 'filled' as const,
      children: <FilePreview paths={purchase.contracts} size={104} emptyText="未上传" />,
    },
  ];
  return (
    <>
      <Card size="small" title="合同信息" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" items={items} />
      </Card>
      <Card size="small" title={`车辆信息（${purchase.car.length}）`} style={{ marginBottom: 16 }}>
        <RecordCarsTable cars={purchase.car} priceColumns={purchasePriceColumns} />
      </Card>
      <Card size="small" title={`打款记录（${purchase.remit.length}）`}>
        <RemitTable remits={purchase.remit} />
      </Card>
    </>
  );
}

/** /purchase/info/:id: the read-only page of a purchase contract (spec part 2, section 2). */
export function PurchaseInfoPage() {
  const route = useRouteRecordId();
  const purchase = usePurchase(route.id);
  return (
    <RecordPage<Purchase>
      route={route}
      record={purchase}
      className="purchase-info-page"
      title="采购合同详情"
      number={(data) => data.purchase_no}
      loadFailedTitle="采购合同加载失败"
      missingText="该采购合同不存在或已被删除"
      closeTo={purchasePaths.list}
      editPath={purchasePaths.edit}
    >
      {(data) => <PurchaseDetail purchase={data} />}
    </RecordPage>
  );
}
