import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CloseOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { messages as commonMessages } from '../../../../../contract/common';
import {
  PURCHASE_CURRENCY,
  purchaseTypeContractLabels,
  type Purchase,
  type PurchaseCar,
  type Remit,
} from '../../../../../contract/purchase';
import { FilePreview } from '../../../components/file-preview';
import { formatDate } from '../../../components/format-time';
import { useClosePage } from '../../../components/use-close-page';
import { VinCell } from '../../../components/vin-cell';
import { usePurchase } from '../hooks/use-purchase';
import { formatMoney, moneyInCapitals, purchasePaths, remittedText } from '../purchase-format';

const money = (value: number | null | undefined) => (typeof value === 'number' ? formatMoney(value) : '—');

function CarTable({ cars }: { cars: readonly PurchaseCar[] }) {
  const columns: TableColumnsType<PurchaseCar> = [
    { key: 'index', title: '序号', width: 64, render: (_: unknown, __: PurchaseCar, index: number) => index + 1 },
    { key: 'vin', title: '车架号', dataIndex: 'vin', render: (vin: string) => <VinCell vin={vin} /> },
    { key: 'model', title: '车型', dataIndex: 'model', render: (model: string | null) => model || '—' },
    { key: 'price', title: '价格', dataIndex: 'price', width: 140, align: 'right', render: money },
    { key: 'invoice', title: '服务费', dataIndex: 'invoice', width: 120, align: 'right', render: money },
    { key: 'other', title: '其他费用', dataIndex: 'other', width: 120, align: 'right', render: money },
  ];
  return (
    <Table<PurchaseCar>
      aria-label="车辆信息"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...cars]}
      pagination={false}
      locale={{ emptyText: '该合同还没有车辆' }}
    />
  );
}

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
          {PURCHASE_CURRENCY} {formatMoney(purchase.total)}
          {capitals ? <Typography.Text type="secondary">（{capitals}）</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'count', label: '车辆数量', children: `${purchase.car.length} 辆（采购数量 ${purchase.amount}）` },
    { key: 'customer', label: '客户名称', children: purchase.customer_name },
    { key: 'created_at', label: '创建日期', children: formatDate(purchase.created_at) },
    { key: 'remitted', label: '已打款', children: remittedText(purchase.remit_total, purchase.total) },
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
        <CarTable cars={purchase.car} />
      </Card>
      <Card size="small" title={`打款记录（${purchase.remit.length}）`}>
        <RemitTable remits={purchase.remit} />
      </Card>
    </>
  );
}

/** /purchase/info/:id: the read-only page of a purchase contract (spec part 2, section 2). */
export function PurchaseInfoPage() {
  const params = useParams();
  const purchaseId = Number(params.id);
  const validId = Number.isInteger(purchaseId) && purchaseId > 0;
  const purchase = usePurchase(validId ? purchaseId : undefined);
  const navigate = useNavigate();
  const closePage = useClosePage(purchasePaths.list);

  if (!validId || (purchase.isError && !purchase.data)) {
    return (
      <Result
        status="warning"
        title={validId ? '采购合同加载失败' : commonMessages.notFound}
        subTitle={validId ? purchase.error?.message : '该采购合同不存在或已被删除'}
        extra={
          <Space>
            {validId && <Button onClick={() => void purchase.refetch()}>重试</Button>}
            <Button onClick={closePage}>返回</Button>
          </Space>
        }
      />
    );
  }

  const data = purchase.data;
  return (
    <div className="page purchase-info-page">
      <Card
        variant="borderless"
        title={
          <Space>
            <span>采购合同详情</span>
            {data ? <Typography.Text type="secondary">{data.purchase_no}</Typography.Text> : null}
          </Space>
        }
        extra={
          <Space wrap>
            <Button
              type="primary"
              icon={<EditOutlined />}
              disabled={!data}
              onClick={() => navigate(purchasePaths.edit(purchaseId))}
            >
              编辑
            </Button>
            <Button icon={<ReloadOutlined />} loading={purchase.isFetching} onClick={() => void purchase.refetch()}>
              刷新
            </Button>
            <Button icon={<CloseOutlined />} onClick={closePage}>
              返回
            </Button>
          </Space>
        }
      >
        {data ? <PurchaseDetail purchase={data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </Card>
    </div>
  );
}
