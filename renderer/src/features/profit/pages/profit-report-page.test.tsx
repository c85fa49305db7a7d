/**
 * 利润报表 (/report/profit, issue 26): the period first, the filters and the sort sent to the server, the
 * totals row, the export of the same query, and the chart drawn from the answer's months.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as echarts from 'echarts/core';
import type { ProfitReport, ProfitReportRow } from '../../../../../contract/profit';
import { GAIN_COLOR, LOSS_COLOR } from '../../../components/profit-figures';
import { desktop } from '../../../platform/desktop';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { ProfitReportPage } from './profit-report-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const row = (id: number, more: Partial<ProfitReportRow>): ProfitReportRow => ({
  id,
  order_no: `HW-2026-00${id}`,
  customer_name: 'Almaty Motors',
  country: '哈萨克斯坦',
  currency: 'USD',
  created_at: '2026-03-05T09:00:00.000+08:00',
  cars: 2,
  revenue: '213000.00',
  costs: '180000.00',
  freight: '3000.00',
  drawback: '15000.00',
  profit: '45000.00',
  margin: '0.2113',
  fx_gain: '1200.00',
  final: true,
  ...more,
});

const answer: ProfitReport = {
  data: [
    row(1, {}),
    row(2, {
      customer_name: 'Tashkent Auto',
      country: '乌兹别克斯坦',
      revenue: '1234567.89',
      profit: '-2500.50',
      margin: '-0.0020',
      fx_gain: '-300.00',
      freight: null,
      final: false,
    }),
  ],
  meta: { total: 2, page: 1, limit: 15 },
  totals: {
    contracts: 2,
    cars: 4,
    revenue: '1447567.89',
    costs: '360000.00',
    freight: '3000.00',
    drawback: '30000.00',
    profit: '42499.50',
    margin: '0.0294',
    fx_gain: '900.00',
    final: false,
  },
  by_month: [
    { month: '2026-01', profit: '0.00' },
    { month: '2026-02', profit: '-2500.50' },
    { month: '2026-03', profit: '45000.00' },
  ],
} as ProfitReport;

beforeEach(() => {
  server.on('GET /api/report/profit', envelope(200, answer));
  server.on('GET /api/report/profit/export', envelope(200, { download_url: '/storage/exports/2026/11/profit.xlsx' }));
});
afterEach(() => vi.restoreAllMocks());

const reportRequests = () => server.requests.filter((request) => request.path === '/api/report/profit');
const lastQuery = () => Object.fromEntries(reportRequests().at(-1)?.query ?? []);
const filters = () => screen.getByRole('search', { name: '利润报表筛选' });
const search = () => userEvent.click(within(filters()).getByRole('button', { name: /搜\s*索/ }));
const pickPeriod = async (start: string, end: string) => {
  await userEvent.click(within(filters()).getByPlaceholderText('开始日期'));
  await userEvent.type(within(filters()).getByPlaceholderText('开始日期'), `${start}{Enter}`);
  await userEvent.type(within(filters()).getByPlaceholderText('结束日期'), `${end}{Enter}`);
};
const open = async () => {
  renderInApp(<ProfitReportPage />, { initialEntries: ['/report/profit'] });
  await screen.findByText(/请选择统计期间后点击/);
};
const openWithPeriod = async () => {
  await open();
  await pickPeriod('2026-01-01', '2026-03-31');
  await search();
  await screen.findByText('HW-2026-002');
};
const cells = (element: Element) => Array.from(element.querySelectorAll('td'), (cell) => cell.textContent);

describe('利润报表', () => {
  it('asks for nothing until a period is chosen, and says so on 搜索 and 导出Excel', async () => {
    const download = vi.spyOn(desktop.files, 'downloadExport');
    await open();
    await userEvent.type(within(filters()).getByLabelText('客户'), 'Almaty');
    await search();
    expect(await screen.findByText('请先选择要查询的时间')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    expect(reportRequests()).toHaveLength(0);
    expect(server.requests.filter((request) => request.path.endsWith('/export'))).toHaveLength(0);
    expect(download).not.toHaveBeenCalled();
  });

  it('sends the period, customer and country; shows the rows, the 合计 row over every contract and the chart', async () => {
    await open();
    await pickPeriod('2026-01-01', '2026-03-31');
    await userEvent.type(within(filters()).getByLabelText('客户'), ' Tash ');
    await userEvent.type(within(filters()).getByLabelText('国家'), '乌兹别克');
    await search();
    // (Enter in the period's end box searched already, before the names were typed.)
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        start_time: '2026-01-01',
        end_time: '2026-03-31',
        name: 'Tash',
        country: '乌兹别克',
        page: '1',
      }),
    );
    await screen.findByText('HW-2026-002');
    const second = screen.getByText('HW-2026-002').closest('tr') as HTMLElement;
    expect(cells(second)).toEqual([
      'HW-2026-002',
      'Tashkent Auto',
      '乌兹别克斯坦',
      '2',
      '1,234,567.89',
      '180,000.00',
      '—',
      '15,000.00',
      '-2,500.50',
      '-0.20%',
      '-300.00',
      '预估',
    ]);
    expect(within(second).getByText('-300.00')).toHaveStyle({ color: LOSS_COLOR });
    expect(within(second).getByRole('link', { name: 'HW-2026-002' })).toHaveAttribute('href', '/overseas/info/2');
    const totals = document.querySelector('.profit-report-totals') as HTMLElement;
    expect(cells(totals)).toEqual([
      '合计（2 个合同）',
      '',
      '',
      '4',
      '1,447,567.89',
      '360,000.00',
      '3,000.00',
      '30,000.00',
      '42,499.50',
      '2.94%',
      '+900.00',
      '预估',
    ]);
    expect(within(totals).getByText('+900.00')).toHaveStyle({ color: GAIN_COLOR });
    expect(screen.getByText('统计期间：2026-01-01 至 2026-03-31（按合同创建日期）')).toBeInTheDocument();

    // The chart is drawn from by_month: one bar a month, a loss in red.
    const chart = screen.getByRole('img', { name: '按月利润图' }).querySelector('.echarts-for-react') as HTMLElement;
    const instance = echarts.getInstanceByDom(chart);
    expect(instance).toBeDefined();
    const option = instance!.getOption() as {
      xAxis: Array<{ data: string[] }>;
      series: Array<{ data: Array<{ value: number; itemStyle: { color: string } }> }>;
    };
    expect(option.xAxis[0]?.data).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(option.series[0]?.data.map((bar) => bar.value)).toEqual([0, -2500.5, 45000]);
    expect(option.series[0]?.data.map((bar) => bar.itemStyle.color)).toEqual([GAIN_COLOR, LOSS_COLOR, GAIN_COLOR]);
  });

  it('sorts on the server by any column: ascending, descending, then back to the default, each from page 1', async () => {
    server.on('GET /api/report/profit', envelope(200, { ...answer, meta: { total: 40, page: 1, limit: 15 } }));
    await openWithPeriod();
    const header = (title: string) => screen.getByRole('columnheader', { name: new RegExp(title) });
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    await userEvent.click(header('利润率'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'margin', order: 'asc', page: '1' }));
    await userEvent.click(header('利润率'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'margin', order: 'desc' }));
    await userEvent.click(header('客户'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'customer_name', order: 'asc' }));
    await userEvent.click(header('客户'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'customer_name', order: 'desc' }));
    expect(header('客户')).toHaveAttribute('aria-sort', 'descending');
    // A third click drops the sort: the first (unsorted) page shows again, from the cache when it is fresh.
    const asked = reportRequests().length;
    await userEvent.click(header('客户'));
    await waitFor(() => expect(header('客户')).not.toHaveAttribute('aria-sort'));
    expect(
      reportRequests()
        .slice(asked)
        .every((request) => !request.query.has('sort')),
    ).toBe(true);
    expect(lastQuery()).toMatchObject({ start_time: '2026-01-01', end_time: '2026-03-31' });
  });

  it('导出Excel sends the same period, filters and sort and saves the workbook named after the period', async () => {
    const download = vi
      .spyOn(desktop.files, 'downloadExport')
      .mockResolvedValue({ savedTo: '/home/clerk/利润报表.xlsx', opened: true });
    await openWithPeriod();
    await userEvent.click(screen.getByRole('columnheader', { name: /^利润$|^利润\s/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'profit', order: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const exported = server.requests.filter((request) => request.path === '/api/report/profit/export').at(-1);
    expect(Object.fromEntries(exported!.query)).toEqual({
      start_time: '2026-01-01',
      end_time: '2026-03-31',
      sort: 'profit',
      order: 'asc',
    });
    expect(download.mock.calls[0]?.[0]).toMatchObject({
      url: '/storage/exports/2026/11/profit.xlsx',
      suggestedName: '利润报表-20260101-20260331.xlsx',
    });
  });
});
