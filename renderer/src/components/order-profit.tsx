/**
 * The 利润 tab of an overseas contract (issue 26; DOMAIN.md "Profit"): the contract's totals (revenue,
 * purchase costs, freight, tax refund, profit, margin, exchange gain or loss, 最终 or 预估 and why), one
 * row per car with the same figures (its VIN opens the vehicle file) and a 合计 row, and each receipt with
 * its book rate, settlement and 汇兑损益 (green a gain, red a loss, empty until settled) summed under them.
 * Everything comes from `GET /api/order/{id}/profit`; the receipts' numbers and dates from the contract.
 *
 * Props: `order` (`GET /api/order/{id}`'s answer: its cars' models, its receipts' numbers and dates).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../contract/overseas';
import { type CarProfit, PROFIT_REASONS, type ProfitTotals, type ReceiptProfit } from '../../../contract/profit';
import { orderProfitQuery } from '../api/order-profit';
import { formatDate } from './format-time';
import { formatMargin, FxGain, Money, ProfitAmount, ProfitStatus, UNKNOWN_FIGURE } from './profit-figures';
import { VinCell } from './vin-cell';

/** Where the book rates are kept (系统设置 > 记账汇率). */
export const RATES_PATH = '/setting/rates';

export const orderProfitTexts = {
  loadFailed: '利润加载失败',
  noCars: '该合同还没有车辆',
  noReceipts: '暂无收款记录',
  total: '合计',
  rateMissing: (month: string) => `${month} 的美元记账汇率未设置：尚未结汇的收款无法折算，利润暂不计算。`,
  setRate: '去设置记账汇率',
} as const;

const numeric = { align: 'right' as const, width: 112 };

/** The figures every car row and the 合计 row share. */
function figureColumns<Row extends Omit<CarProfit, 'car_id' | 'vin'>>(): TableColumnsType<Row> {
  return [
    { key: 'revenue', title: '收入', ...numeric, render: (_: unknown, row: Row) => <Money value={row.revenue} /> },
    { key: 'costs', title: '采购成本', ...numeric, render: (_: unknown, row: Row) => <Money value={row.costs} /> },
    { key: 'freight', title: '运费', ...numeric, render: (_: unknown, row: Row) => <Money value={row.freight} /> },
    { key: 'drawback', title: '退税', ...numeric, render: (_: unknown, row: Row) => <Money value={row.drawback} /> },
    {
      key: 'profit',
      title: '利润',
      ...numeric,
      render: (_: unknown, row: Row) => <ProfitAmount value={row.profit} />,
    },
    {
      key: 'margin',
      title: '利润率',
      align: 'right',
      width: 84,
      render: (_: unknown, row: Row) => formatMargin(row.margin),
    },
    {
      key: 'final',
      title: '状态',
      width: 230,
      render: (_: unknown, row: Row) => <ProfitStatus final={row.final} reasons={row.reasons} />,
    },
  ];
}

function CarsTable({ cars, totals, models }: { cars: CarProfit[]; totals: ProfitTotals; models: Map<number, string> }) {
  // The model on hover: at 1366 px the figures and the reasons take the row's width.
  const columns: TableColumnsType<CarProfit> = [
    {
      key: 'vin',
      title: '车架号',
      width: 190,
      render: (_: unknown, car: CarProfit) => (
        <span title={models.get(car.car_id) || undefined}>
          <VinCell vin={car.vin} vehicleId={car.car_id} />
        </span>
      ),
    },
    ...figureColumns<CarProfit>(),
  ];
  const cell = (index: number, children: ReactNode, align: 'right' | undefined = 'right') => (
    <Table.Summary.Cell index={index} align={align}>
      {children}
    </Table.Summary.Cell>
  );
  return (
    <Table<CarProfit>
      aria-label="车辆利润"
      size="small"
      rowKey="car_id"
      columns={columns}
      dataSource={cars}
      pagination={false}
      scroll={{ x: 1040 }}
      locale={{ emptyText: orderProfitTexts.noCars }}
      summary={() =>
        cars.length === 0 ? null : (
          <Table.Summary fixed>
            <Table.Summary.Row className="profit-total-row">
              {cell(0, <strong>{`${orderProfitTexts.total}（${cars.length} 台）`}</strong>, undefined)}
              {cell(1, <Money value={totals.revenue} strong />)}
              {cell(2, <Money value={totals.costs} strong />)}
              {cell(3, <Money value={totals.freight} strong />)}
              {cell(4, <Money value={totals.drawback} strong />)}
              {cell(5, <ProfitAmount value={totals.profit} strong />)}
              {cell(6, <strong>{formatMargin(totals.margin)}</strong>)}
              {cell(7, <ProfitStatus final={totals.final} compact />, undefined)}
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}

interface ReceiptRow extends ReceiptProfit {
  receipt_no: string;
  receipted_at: string;
}

function ReceiptsTable({ receipts, fxTotal }: { receipts: ReceiptRow[]; fxTotal: string | null }) {
  const columns: TableColumnsType<ReceiptRow> = [
    { key: 'receipt_no', title: '收款单号', dataIndex: 'receipt_no', width: 140 },
    { key: 'receipted_at', title: '收款日期', dataIndex: 'receipted_at', width: 110, render: formatDate },
    {
      key: 'amount',
      title: '收款金额',
      ...numeric,
      width: 150,
      render: (_: unknown, row: ReceiptRow) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.currency} <Money value={row.amount} />
        </span>
      ),
    },
    {
      key: 'book_rate',
      title: '记账汇率',
      align: 'right',
      width: 100,
      render: (_: unknown, row: ReceiptRow) => row.book_rate ?? UNKNOWN_FIGURE,
    },
    {
      key: 'settlement',
      title: '结汇金额（CNY）',
      ...numeric,
      width: 140,
      render: (_: unknown, row: ReceiptRow) =>
        row.settlement === null ? (
          <Typography.Text type="secondary">未结汇</Typography.Text>
        ) : (
          <Money value={row.settlement} />
        ),
    },
    {
      key: 'fx_gain',
      title: '汇兑损益（CNY）',
      ...numeric,
      width: 140,
      render: (_: unknown, row: ReceiptRow) => <FxGain value={row.fx_gain} />,
    },
  ];
  return (
    <Table<ReceiptRow>
      aria-label="收款汇兑损益"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={receipts}
      pagination={false}
      scroll={{ x: 780 }}
      locale={{ emptyText: orderProfitTexts.noReceipts }}
      summary={() =>
        receipts.length === 0 ? null : (
          <Table.Summary.Row className="fx-total-row">
            <Table.Summary.Cell index={0} colSpan={5}>
              <strong>{orderProfitTexts.total}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <FxGain value={fxTotal} strong />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}

export function OrderProfitView({ order }: { order: Order }) {
  const profit = useQuery(orderProfitQuery(order.id));
  if (profit.isError && !profit.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={orderProfitTexts.loadFailed}
        description={profit.error.message}
        action={
          <Button size="small" onClick={() => void profit.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const data = profit.data;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const { totals } = data;
  const models = new Map(order.cars.map((car) => [car.id, car.model ?? '']));
  const byId = new Map(order.receipts.map((receipt) => [receipt.id, receipt]));
  const receipts: ReceiptRow[] = data.receipts.map((receipt) => ({
    ...receipt,
    receipt_no: byId.get(receipt.id)?.receipt_no ?? '',
    receipted_at: byId.get(receipt.id)?.receipted_at ?? '',
  }));
  const rateMissing = totals.reasons.includes(PROFIT_REASONS.noRate);

  return (
    <div className="order-profit">
      {rateMissing ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={orderProfitTexts.rateMissing(data.month)}
          action={<Link to={RATES_PATH}>{orderProfitTexts.setRate}</Link>}
        />
      ) : null}
      <Card size="small" title="合同利润" style={{ marginBottom: 16 }} aria-label="合同利润">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'revenue', label: '收入（CNY）', children: <Money value={totals.revenue} /> },
            { key: 'costs', label: '采购成本', children: <Money value={totals.costs} /> },
            { key: 'freight', label: '运费', children: <Money value={totals.freight} /> },
            { key: 'drawback', label: '退税', children: <Money value={totals.drawback} /> },
            { key: 'profit', label: '利润', children: <ProfitAmount value={totals.profit} strong /> },
            { key: 'margin', label: '利润率', children: formatMargin(totals.margin) },
            { key: 'fx_gain', label: '汇兑损益', children: <FxGain value={totals.fx_gain} /> },
            {
              key: 'book_rate',
              label: '记账汇率',
              children:
                data.currency === 'CNY'
                  ? '人民币合同，按 1 计算'
                  : `${data.month}：${data.book_rate ?? '未设置'}（USD→CNY）`,
            },
            {
              key: 'final',
              label: '状态',
              span: 'filled' as const,
              children: <ProfitStatus final={totals.final} reasons={totals.reasons} />,
            },
          ]}
        />
      </Card>
      <Card size="small" title={`车辆利润（${data.cars.length}）`} style={{ marginBottom: 16 }}>
        <CarsTable cars={data.cars} totals={totals} models={models} />
      </Card>
      <Card size="small" title={`收款汇兑损益（${data.receipts.length}）`}>
        <ReceiptsTable receipts={receipts} fxTotal={totals.fx_gain} />
      </Card>
    </div>
  );
}
