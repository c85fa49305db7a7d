import { App, Button, Card, Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pickupMessages } from '../../../../../contract/pickup';
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
import { handOverFailureText, useHandOverResult } from '../../../components/hand-over-result';
import { purchasesQueryKey } from '../api/list-purchases';
import { skipEntryForPurchase, waitingAtYard } from '../api/skip-entry';
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

/** The pickup area's queries (features/pickup/api/list-pickups.ts): a 免入库 makes them stale. */
const PICKUPS_QUERY_KEY = ['pickups'] as const;

/**
 * 免入库 for the whole contract: shown while some of its vehicles wait at the yard (the pickup list,
 * filtered by the contract number, names each vehicle's flow); they go to the registry without a
 * check-in, and the answer names any that stayed.
 */
function SkipEntryButton({ purchase }: { purchase: Purchase }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const showResult = useHandOverResult();
  const waiting = useQuery({
    queryKey: [...PICKUPS_QUERY_KEY, 'waiting-of-purchase', purchase.id, purchase.purchase_no],
    queryFn: ({ signal }) => waitingAtYard(purchase, { signal }),
    enabled: purchase.handed_over === 1,
    select: (rows) => rows.length,
  });
  if (!waiting.data) return null;

  const confirm = () =>
    modal.confirm({
      title: '免入库',
      content: `采购合同 ${purchase.purchase_no} 还有 ${waiting.data} 辆车在入库环节，确定全部免入库、直接移交车管？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await skipEntryForPurchase(purchase.id);
          void queryClient.invalidateQueries({ queryKey: PICKUPS_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: ['car-search'] });
          void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
          showResult(answer, {
            done: pickupMessages.noEntryDone,
            nothingDetail: `采购合同 ${purchase.purchase_no} 已没有在入库环节的车辆`,
          });
        } catch (error) {
          void message.error(handOverFailureText(pickupMessages.noEntryFailed, error));
        }
      },
    });

  return (
    <Button onClick={confirm} aria-label={`采购合同 ${purchase.purchase_no} 免入库`}>
      免入库
    </Button>
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
      actions={(data) => <SkipEntryButton purchase={data} />}
    >
      {(data) => <PurchaseDetail purchase={data} />}
    </RecordPage>
  );
}
