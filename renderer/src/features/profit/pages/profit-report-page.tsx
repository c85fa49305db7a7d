/**
 * /report/profit (利润报表, issue 26): the overseas contracts created in a period (required, picked as on
 * 档案查询), one row each with the API's columns (contract, customer, country, cars, revenue, purchase
 * costs, freight, tax refund, profit, margin, 汇兑损益, 最终 or 预估), a 合计 row over every matching
 * contract, sorted by the server on any column, filtered by customer and country, 15 a page; 导出Excel
 * writes the same rows, in the same order, with the period and the time it was made; 按月利润 draws the
 * period's profit by month.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Card, Empty, Table, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  PROFIT_REPORT_SHEET_NAME,
  type ProfitReportRow,
  type ProfitReportTotals,
  type ProfitSortField,
  profitMessages,
} from '../../../../../contract/profit';
import { ExportButton } from '../../../components/export-button';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { RefreshButton } from '../../../components/list-toolbar';
import { ListScreen } from '../../../components/list-screen';
import type { TableSort } from '../../../components/paged-table';
import { wrapAnywhere } from '../../../components/paged-table';
import { formatMargin, FxGain, Money, ProfitAmount, ProfitStatus } from '../../../components/profit-figures';
import { usePagedList, type PagedList } from '../../../components/use-paged-list';
import { exportProfitReport, profitReportQuery, type ProfitReportFilters } from '../api/profit-report';
import { ProfitChart } from '../components/profit-chart';

/** The filter bar's period field (sent as `start_time` / `end_time`). */
const PERIOD_FIELD = 'period';

export const profitReportTexts = {
  choosePeriod: '请选择统计期间后点击“搜索”：报表列出该期间内创建的海外合同',
  empty: '该期间没有海外合同',
  filtered: '没有符合条件的海外合同，请修改筛选条件或点击“重置”',
  failed: '利润报表加载失败，请点击“刷新”重试',
  chartTitle: '按月利润（CNY）',
  total: (contracts: number) => `合计（${contracts} 个合同）`,
} as const;

type Filters = FilterValues & Partial<Pick<ProfitReportFilters, 'start_time' | 'end_time' | 'name' | 'country'>>;

const hasPeriod = (filters: Filters): filters is Filters & { start_time: string; end_time: string } =>
  typeof filters.start_time === 'string' && typeof filters.end_time === 'string';

/** The query of the filters and the sort shown. */
const reportFilters = (filters: Filters, sort: TableSort | undefined): ProfitReportFilters =>
  ({
    ...filters,
    ...(sort ? { sort: sort.key as ProfitSortField, order: sort.order } : {}),
  }) as ProfitReportFilters;

const moneyColumn = (key: keyof ProfitReportRow & ProfitSortField, title: string, width = 112) => ({
  key,
  title,
  dataIndex: key,
  width,
  align: 'right' as const,
  render: (value: string | null) => <Money value={value} />,
});

/** The report's columns; sortable ones get `sorter` and their `sortOrder` from the page. */
const reportFields: FieldDescription<ProfitReportRow, Filters>[] = [
  {
    key: 'order_no',
    title: '海外合同号',
    dataIndex: 'order_no',
    width: 112,
    onCell: wrapAnywhere,
    render: (orderNo: string, row: ProfitReportRow) => <Link to={`/overseas/info/${row.id}`}>{orderNo}</Link>,
  },
  {
    key: 'customer_name',
    title: '客户',
    dataIndex: 'customer_name',
    width: 96,
    onCell: wrapAnywhere,
    filter: { kind: 'text', key: 'name', label: '客户', maxLength: 100, width: 180, order: 1 },
  },
  {
    key: 'country',
    title: '国家',
    dataIndex: 'country',
    width: 72,
    onCell: wrapAnywhere,
    render: (country: string | null) => country || '—',
    filter: { kind: 'text', key: 'country', maxLength: 100, width: 140, order: 2 },
  },
  { key: 'cars', title: '车辆', dataIndex: 'cars', width: 62, align: 'right' },
  moneyColumn('revenue', '收入', 106),
  moneyColumn('costs', '采购成本', 106),
  moneyColumn('freight', '运费', 92),
  moneyColumn('drawback', '退税', 92),
  {
    key: 'profit',
    title: '利润',
    dataIndex: 'profit',
    width: 106,
    align: 'right',
    render: (value: string | null) => <ProfitAmount value={value} />,
  },
  {
    key: 'margin',
    title: '利润率',
    dataIndex: 'margin',
    width: 80,
    align: 'right',
    render: (value: string | null) => formatMargin(value),
  },
  {
    key: 'fx_gain',
    title: '汇兑损益',
    dataIndex: 'fx_gain',
    width: 90,
    align: 'right',
    render: (value: string | null) => <FxGain value={value} />,
  },
  {
    key: 'final',
    title: '状态',
    dataIndex: 'final',
    width: 62,
    render: (final: boolean) => <ProfitStatus final={final} compact />,
  },
  {
    key: 'period',
    title: '统计期间',
    hideInTable: true,
    filter: { kind: 'dateRange', name: PERIOD_FIELD, width: 236, order: 0 },
  },
];

const SORTABLE = new Set<string>(reportFields.filter((field) => !field.hideInTable).map((field) => field.key));

function TotalsRow({ totals }: { totals: ProfitReportTotals }) {
  const cells = [
    <strong key="label">{profitReportTexts.total(totals.contracts)}</strong>,
    null,
    null,
    totals.cars,
    <Money key="revenue" value={totals.revenue} strong />,
    <Money key="costs" value={totals.costs} strong />,
    <Money key="freight" value={totals.freight} strong />,
    <Money key="drawback" value={totals.drawback} strong />,
    <ProfitAmount key="profit" value={totals.profit} strong />,
    <strong key="margin">{formatMargin(totals.margin)}</strong>,
    <FxGain key="fx" value={totals.fx_gain} strong />,
    <ProfitStatus key="final" final={totals.final} compact />,
  ];
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="profit-report-totals">
        {cells.map((content, index) => (
          <Table.Summary.Cell key={index} index={index} align={index >= 3 && index <= 10 ? 'right' : undefined}>
            {content}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

const compactDay = (day: string) => day.replaceAll('-', '');

export function ProfitReportPage() {
  const { message } = App.useApp();
  const [sort, setSort] = useState<TableSort>();
  const list = usePagedList((filters: Filters, page: number) => ({
    ...profitReportQuery(reportFilters(filters, sort), page),
    // Nothing is asked before a period is chosen (the server would refuse it).
    enabled: hasPeriod(filters),
  }));
  // The same query as the list's (one request): its totals and months.
  const report = useQuery({
    ...profitReportQuery(reportFilters(list.filters, sort), list.page),
    enabled: hasPeriod(list.filters),
  });

  // A search without a period says what is missing, as the trade report does.
  const guarded: PagedList<ProfitReportRow, Filters> = {
    ...list,
    // The period is not a filter to undo: the empty list speaks of customer and country only.
    filtering: Boolean(list.filters.name || list.filters.country),
    search: (filters) => {
      if (!hasPeriod(filters)) void message.warning(profitMessages.periodRequired);
      list.search(filters);
    },
  };

  const { columns, filters } = listFields<ProfitReportRow, Filters>(reportFields);
  const sortedColumns = columns.map((column) =>
    SORTABLE.has(column.key)
      ? {
          ...column,
          sorter: true,
          sortOrder:
            sort?.key === column.key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        }
      : column,
  );

  const period = hasPeriod(list.filters) ? list.filters : undefined;
  const needPeriod = () => {
    if (period) return true;
    void message.warning(profitMessages.periodRequired);
    return false;
  };

  return (
    <ListScreen<ProfitReportRow, Filters>
      className="profit-report-page"
      list={guarded}
      columns={sortedColumns}
      label="利润报表"
      filterLabel="利润报表筛选"
      filters={filters}
      toolbar={
        <>
          <ExportButton
            label="导出Excel"
            icon={<FileExcelOutlined />}
            before={needPeriod}
            request={() => exportProfitReport(reportFilters(list.filters, sort))}
            fileName={
              period
                ? `${PROFIT_REPORT_SHEET_NAME}-${compactDay(period.start_time)}-${compactDay(period.end_time)}.xlsx`
                : `${PROFIT_REPORT_SHEET_NAME}.xlsx`
            }
          />
          <RefreshButton list={list} />
        </>
      }
      toolbarEnd={
        period ? (
          <Typography.Text type="secondary">
            统计期间：{period.start_time} 至 {period.end_time}（按合同创建日期）
          </Typography.Text>
        ) : null
      }
      replaceTable={
        period ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={profitReportTexts.choosePeriod} />
      }
      emptyText={{
        empty: profitReportTexts.empty,
        filtered: profitReportTexts.filtered,
        failed: profitReportTexts.failed,
      }}
      table={{
        // The widths add up to 1,074 px: at 1366 px beside the sidebar every column shows.
        scroll: { x: 1074 },
        onSort: (next) => {
          setSort(next && SORTABLE.has(next.key) ? next : undefined);
          list.goToPage(1);
        },
        summary: () => (report.data && report.data.data.length > 0 ? <TotalsRow totals={report.data.totals} /> : null),
      }}
    >
      {/* Under the list: the rows and their 合计 are what a clerk reads first. */}
      {period && report.data ? (
        <Card variant="borderless" size="small" title={profitReportTexts.chartTitle} style={{ marginTop: 16 }}>
          <ProfitChart byMonth={report.data.by_month} />
        </Card>
      ) : null}
    </ListScreen>
  );
}
