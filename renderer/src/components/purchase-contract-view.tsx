/**
 * A purchase contract, read-only (spec part 2, 采购合同详情 and the business information page's 采购合同
 * tab): 合同信息 (number, type, total with its amount in capitals, count, seller, date, remitted, overseas
 * contract, files), 车辆信息 (VIN, model, price, service fee, other fee) and 打款记录 (currency, amount,
 * date, bank slip). Shared by the purchase info page (features/purchase) and the business information
 * page (features/filed).
 */
import { Card, Descriptions, Table, type TableColumnsType } from 'antd';
import type { Purchase, Remit } from '../../../contract/purchase';
import { detailItems, fieldColumns } from './field-description';
import { FilePreview } from './file-preview';
import { formatMoney } from './format-money';
import { formatDate } from './format-time';
import { purchaseCarPriceFields, purchaseFields } from './purchase-fields';
import { RecordCarsTable } from './record-cars-table';

const money = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(value) : '—');

/** The purchase side's prices after the common car columns, as the list's expanded rows show them. */
const purchasePriceColumns = fieldColumns(purchaseCarPriceFields);

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

export function PurchaseContractView({ purchase }: { purchase: Purchase }) {
  const items = [
    ...detailItems(purchaseFields, purchase, ['purchase_no', 'type', 'total']),
    { key: 'count', label: '车辆数量', children: `${purchase.car.length} 辆（采购数量 ${purchase.amount}）` },
    ...detailItems(purchaseFields, purchase, ['customer_name', 'created_at', 'remit_total']),
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
