import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProcedureListItem } from '../../../../../contract/filed-query-list';
import type { Report } from '../../../../../contract/filed-period-report';
import { desktop } from '../../../platform/desktop';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { QueryListPage } from './query-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vehicle = (id: number, values: Partial<ProcedureListItem> = {}): ProcedureListItem => ({
  id,
  vin: `LFV3A23C9N30${String(id).padStart(5, '0')}`,
  model: '大众 迈腾',
  order_id: null,
  entry: 0,
  plate: 0,
  release: 0,
  transfer: 0,
  exports: 0,
  drawback: 0,
  archive: 0,
  freight: 0,
  exportss: [],
  transfers: [],
  order: [],
  purchase: [],
  created_at: '2026-11-20T09:00:00.000+08:00',
  ...values,
});

/** A vehicle part way through: every value of the three kinds, both rates, both purchase types. */
const finished = vehicle(501, {
  vin: 'LSVAB12C3D4E5F678',
  order_id: 42,
  entry: 2,
  plate: 0,
  release: 2,
  transfer: 1,
  exports: 2,
  drawback: 2,
  archive: 2,
  freight: 1,
  exportss: [{ id: 7, rate: 67 }],
  transfers: [{ id: 9, rate: 60 }],
  order: [{ id: 42, order_no: 'HW-2026-042' }],
  purchase: [
    { id: 3, type: 1, purchase_no: 'CG-NEW-3' },
    { id: 4, type: 2, purchase_no: 'CG-USED-4' },
  ],
});

const report: Report = {
  orderNum: 3,
  orderUsd: 12_500.25,
  orderCny: 50_000.5,
  carNum: 5,
  carDrawback: 4,
  carArchive: 3,
  carFreight: 2,
  carComplete: 2,
};

let rows: ProcedureListItem[];

beforeEach(() => {
  rows = [finished, ...Array.from({ length: 14 }, (_, i) => vehicle(500 - i))];
  server.on('GET /api/car/procedureLists', (request) => {
    const vin = request.query.get('vin') ?? '';
    const found = rows.filter((row) => row.vin.includes(vin.toUpperCase()));
    return envelope(200, {
      data: found,
      total: found.length + (vin ? 0 : 20),
      meta: { total: 35, page: 1, limit: 15 },
    });
  });
  server.on('GET /api/order/report', () => envelope(200, report));
  server.on('GET /api/order/report/export', () =>
    envelope(200, { download_url: '/storage/exports/2026/11/0123456789abcdef0123456789abcdef.xlsx' }),
  );
});

afterEach(() => vi.restoreAllMocks());

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path);
const listRequests = () => requestsTo('/api/car/procedureLists');
const rowOf = async (vin: string) => (await screen.findByText(vin)).closest('tr')!;
const renderList = () => renderInApp(<QueryListPage />, { initialEntries: ['/filed/query_list'] });
const filters = () => screen.getByRole('search', { name: '档案查询筛选' });
const pickRange = async (start: string, end: string) => {
  const from = within(filters()).getByPlaceholderText('开始日期');
  await userEvent.click(from);
  await userEvent.type(from, `${start}{Enter}`);
  await userEvent.type(within(filters()).getByPlaceholderText('结束日期'), `${end}{Enter}`);
};

describe('档案查询 (/filed/query_list)', { timeout: 60_000 }, () => {
  it('shows each vehicle with its eight tags in the spec’s order and colours, both rates, its contracts, 15 a page', async () => {
    const view = renderList();
    const row = await rowOf(finished.vin);
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    const tags = within(within(row).getByRole('list', { name: `车辆 ${finished.vin} 的状态` })).getAllByRole(
      'listitem',
    );
    expect(tags.map((tag) => tag.textContent)).toEqual([
      '入库',
      '上牌',
      '出库',
      '过户',
      '出口',
      '退税',
      '注销',
      '运费',
    ]);
    expect(tags.map((tag) => tag.getAttribute('aria-label'))).toEqual([
      '入库：已完成',
      '上牌：未办理',
      '出库：已完成',
      '过户：资料不全',
      '出口：已完成',
      '退税：已完成',
      '注销：已完成',
      '运费：资料不全',
    ]);
    // 0 grey (antd's default tag), 1 warning, 2 success.
    const colour = (tag: HTMLElement) =>
      tag.classList.contains('ant-tag-success')
        ? 'success'
        : tag.classList.contains('ant-tag-warning')
          ? 'warning'
          : 'default';
    expect(tags.map(colour)).toEqual([
      'success',
      'default',
      'success',
      'warning',
      'success',
      'success',
      'success',
      'warning',
    ]);
    expect(within(row).getByText('67%')).toBeInTheDocument();
    expect(within(row).getByText('60%')).toBeInTheDocument();
    expect(within(row).getByText('HW-2026-042')).toBeInTheDocument();
    expect(within(row).getByText('CG-NEW-3').textContent).toBe('新车 CG-NEW-3');
    expect(within(row).getByText('CG-USED-4').textContent).toBe('二手车 CG-USED-4');
    expect(within(row).getByText(/2026-11-20/)).toBeInTheDocument();

    // A vehicle with nothing yet: grey tags, no rates, no contracts, and no 详情 to open.
    const bare = await rowOf(vehicle(500).vin);
    expect(within(bare).getAllByText('—')).toHaveLength(4);
    expect(within(bare).getByRole('button', { name: `车辆 ${vehicle(500).vin} 详情` })).toBeDisabled();
    expect(screen.getAllByRole('row').filter((r) => r.querySelector('td'))).toHaveLength(15);

    await userEvent.click(within(row).getByRole('button', { name: `车辆 ${finished.vin} 详情` }));
    expect(view.location()).toBe('/filed/info/42?car=501');
  });

  it('searches by contract number, VIN part and created days under the spec keys', async () => {
    renderList();
    await rowOf(finished.vin);
    await userEvent.type(within(filters()).getByLabelText('海外合同号'), 'HW-2026');
    await userEvent.type(within(filters()).getByLabelText('车架号'), 'e5f678');
    await pickRange('2026-11-01', '2026-11-30');
    await userEvent.click(within(filters()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('vin')).toBe('e5f678'));
    expect(Object.fromEntries(listRequests().at(-1)!.query)).toEqual({
      order_no: 'HW-2026',
      vin: 'e5f678',
      start_time: '2026-11-01',
      end_time: '2026-11-30',
      page: '1',
      limit: '15',
    });
    await waitFor(() => expect(screen.queryByText(vehicle(500).vin)).not.toBeInTheDocument());
    expect(await rowOf(finished.vin)).toBeInTheDocument();
  });

  it('opens as the dashboard’s stage count asks (?stage=exports): sends it, names it, and drops it on ×', async () => {
    const view = renderInApp(<QueryListPage />, {
      path: '/filed/query_list',
      initialEntries: ['/filed/query_list?stage=exports'],
    });
    await rowOf(finished.vin);
    expect(listRequests()[0]?.query.get('stage')).toBe('exports');
    const tag = screen.getByText('筛选：已出口');
    expect(tag.closest('.query-list-stage')).toHaveTextContent('来自首页统计');

    // The bar's filters go with it.
    await userEvent.type(within(filters()).getByLabelText('车架号'), 'e5f678');
    await userEvent.click(within(filters()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('vin')).toBe('e5f678'));
    expect(listRequests().at(-1)?.query.get('stage')).toBe('exports');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('page')).toBe('2'));

    // ×: the stage goes, the bar's filters stay, the list starts again at its first page.
    await userEvent.click(screen.getByRole('button', { name: '清除环节筛选' }));
    await waitFor(() => expect(screen.queryByText('筛选：已出口')).not.toBeInTheDocument());
    expect(view.location()).toBe('/filed/query_list');
    await waitFor(() => expect(listRequests().at(-1)?.query.has('stage')).toBe(false));
    expect(listRequests().at(-1)?.query.get('vin')).toBe('e5f678');
    expect(listRequests().at(-1)?.query.get('page')).toBe('1');
  });

  it('ignores a stage it does not know', async () => {
    renderInApp(<QueryListPage />, { path: '/filed/query_list', initialEntries: ['/filed/query_list?stage=nope'] });
    await rowOf(finished.vin);
    expect(listRequests()[0]?.query.has('stage')).toBe(false);
    expect(screen.queryByText(/^筛选：/)).not.toBeInTheDocument();
  });

  it('says no vehicle has reached the stage when none has', async () => {
    server.on('GET /api/car/procedureLists', () =>
      envelope(200, { data: [], total: 0, meta: { total: 0, page: 1, limit: 15 } }),
    );
    renderInApp(<QueryListPage />, { path: '/filed/query_list', initialEntries: ['/filed/query_list?stage=complete'] });
    expect((await screen.findAllByText('暂无数据：没有归档完成的车辆'))[0]).toBeInTheDocument();
    expect(screen.getByText('筛选：归档完成')).toBeInTheDocument();
  });

  it('says 暂无数据 when nothing matches', async () => {
    rows = [];
    server.on('GET /api/car/procedureLists', () =>
      envelope(200, { data: [], total: 0, meta: { total: 0, page: 1, limit: 15 } }),
    );
    renderList();
    expect((await screen.findAllByText('暂无数据'))[0]).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /详情/ })).not.toBeInTheDocument();
  });

  it('查询报表 and 导出报表 ask for a date range first and send nothing without one', async () => {
    const download = vi.spyOn(desktop.files, 'downloadExport');
    renderList();
    await rowOf(finished.vin);
    await userEvent.click(within(filters()).getByRole('button', { name: /查询报表/ }));
    expect(await screen.findByText('请先选择要查询的时间')).toBeInTheDocument();
    await userEvent.click(within(filters()).getByRole('button', { name: /导出报表/ }));
    await waitFor(() => expect(screen.getAllByText('请先选择要查询的时间').length).toBeGreaterThanOrEqual(1));
    expect(requestsTo('/api/order/report')).toHaveLength(0);
    expect(requestsTo('/api/order/report/export')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(download).not.toHaveBeenCalled();
  });

  it('查询报表 shows the picked period’s figures in a dialog, 导出报表 downloads its workbook', async () => {
    const download = vi
      .spyOn(desktop.files, 'downloadExport')
      .mockResolvedValue({ savedTo: '/home/clerk/贸易收支报表.xlsx', opened: true });
    renderList();
    await rowOf(finished.vin);
    // The picked range counts without 搜索 first.
    await pickRange('2026-03-01', '2026-03-31');
    await userEvent.click(within(filters()).getByRole('button', { name: /查询报表/ }));
    const dialog = await screen.findByRole('dialog', { name: '查询报表（2026-03-01 至 2026-03-31）' });
    await waitFor(() => expect(requestsTo('/api/order/report')).toHaveLength(1));
    expect(Object.fromEntries(requestsTo('/api/order/report').at(-1)!.query)).toEqual({
      start_time: '2026-03-01',
      end_time: '2026-03-31',
    });
    const figure = async (title: string) => (await within(dialog).findByLabelText(title)).textContent;
    expect(await figure('合同数')).toBe('合同数3份');
    expect(await figure('美元合同金额')).toBe('美元合同金额US$12,500.25');
    expect(await figure('归档完成')).toBe('归档完成2台');
    await userEvent.click(within(filters()).getByRole('button', { name: /导出报表/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(Object.fromEntries(requestsTo('/api/order/report/export').at(-1)!.query)).toEqual({
      start_time: '2026-03-01',
      end_time: '2026-03-31',
    });
    expect(download.mock.calls[0]?.[0]).toMatchObject({
      url: '/storage/exports/2026/11/0123456789abcdef0123456789abcdef.xlsx',
      suggestedName: '贸易收支报表-20260301-20260331.xlsx',
    });
  });
});
