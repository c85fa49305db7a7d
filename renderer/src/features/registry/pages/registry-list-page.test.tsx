import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistryListItem } from '../../../../../contract/registry';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { RegistryListPage } from './registry-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vehicle = (id: number, vin: string, overrides: Partial<RegistryListItem> = {}): RegistryListItem => ({
  id,
  vin,
  model: '比亚迪 汉 EV',
  flow: 'registry',
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  purchase_type: 1,
  plate: [],
  transfer: [],
  procedure: { plate: 0, transfer: 0 },
  deadline: null,
  ...overrides,
});

/**
 * Tab 1: waiting without a plating, half plated, plated (another purchase contract of the same overseas
 * contract); tab 2: a used car transferred, of that overseas contract too.
 */
const unplated = vehicle(11, 'LSVAB1230RA200011');
const half = vehicle(12, 'LSVAB1230RA200012', {
  plate: [{ id: 501, rate: 50, created_at: '2026-11-20T09:00:00.000+08:00' }],
  procedure: { plate: 1, transfer: 0 },
});
const plated = vehicle(13, 'LSVAB1230RA200013', {
  purchase_id: 8,
  purchase_no: 'CG-2026-008',
  plate: [{ id: 502, rate: 100, created_at: '2026-11-21T10:00:00.000+08:00' }],
  procedure: { plate: 2, transfer: 0 },
});
const used = vehicle(21, 'LGBAB1230RA200021', {
  purchase_id: 9,
  purchase_no: 'CG-2026-009',
  purchase_type: 2,
  transfer: [{ id: 601, rate: 60, created_at: '2026-11-22T15:30:00.000+08:00' }],
  procedure: { plate: 0, transfer: 1 },
});

let rows: Record<'1' | '2', RegistryListItem[]>;

beforeEach(() => {
  rows = { '1': [unplated, half, plated], '2': [used] };
  for (const path of ['plateLists', 'transferLists']) {
    server.on(`GET /api/car/${path}`, (request) => {
      const vin = request.query.get('vin') ?? '';
      const found = rows[request.query.get('type') === '2' ? '2' : '1'].filter((row) => row.vin.includes(vin));
      return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 }, total: found.length });
    });
  }
});

const listRequests = () => server.requests.filter((request) => /plateLists|transferLists/.test(request.path));
const rowOf = async (vin: string) => (await screen.findByText(vin)).closest('tr')!;

describe('registry list', { timeout: 60_000 }, () => {
  it('shows each new car with its document count, time and the actions it allows', async () => {
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    const first = await rowOf(unplated.vin);
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    expect(listRequests()[0]?.query.get('type')).toBe('1');
    expect(screen.getByRole('tab', { name: '待上牌' })).toHaveAttribute('aria-selected', 'true');
    expect(within(first).getByText('未上牌')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: `新增上牌 ${unplated.vin}` })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '移交出口 CG-2026-007' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /编辑上牌|上牌详情/ })).not.toBeInTheDocument();

    const second = await rowOf(half.vin);
    expect(within(second).getByLabelText('上牌资料')).toHaveTextContent('4/8');
    expect(second).toHaveTextContent(/2026-11-20 \d{2}:00:00/);
    expect(within(second).getByRole('button', { name: `编辑上牌 ${half.vin}` })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `上牌详情 ${half.vin}` })).toBeInTheDocument();

    // Plated: 8/8, every row may be chosen and handed over (the list holds only cars still here).
    const third = await rowOf(plated.vin);
    expect(within(third).getByLabelText('上牌资料')).toHaveTextContent('8/8');
    expect(within(third).getByRole('button', { name: '移交出口 CG-2026-008' })).toBeInTheDocument();
    expect(within(third).getByRole('checkbox')).toBeEnabled();
    expect(screen.queryByText(/已移交/)).not.toBeInTheDocument();
    // Each row offers its overseas contract's hand-over.
    expect(within(third).getByRole('button', { name: '按海外合同移交 HW-2026-003' })).toBeInTheDocument();
  });

  it('按海外合同移交 hands every purchase contract of the row’s overseas contract over, both tabs at once', async () => {
    server.on('PUT /api/car/transferHandOver', () =>
      envelope(200, { moved: 2, kept: [{ vin: unplated.vin, reason: '尚未上牌或过户' }] }, '移交成功!'),
    );
    const { router } = renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    await userEvent.click(within(await rowOf(plated.vin)).getByRole('button', { name: '按海外合同移交 HW-2026-003' }));
    const confirm = (await screen.findByLabelText('移交的海外合同')).closest('.ant-modal') as HTMLElement;
    expect(confirm).toHaveTextContent('按海外合同移交');
    expect(confirm).toHaveTextContent(
      '是否确定将海外合同 HW-2026-003 的全部采购合同（新车和二手车）中已上牌或已过户的车辆移交出库报关？',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const result = (await screen.findByLabelText('未移交的车辆')).closest('.ant-modal') as HTMLElement;
    expect(result).toHaveTextContent('移交成功!');
    expect(result).toHaveTextContent('已移交 2 辆车');
    expect(result).toHaveTextContent(unplated.vin);
    const sent = server.requests.filter((request) => request.path === '/api/car/transferHandOver');
    expect(sent.map((request) => request.body)).toEqual([{ order_id: 3 }]);
    // Both tabs were handed over: the clerk stays where the button was (no switch to 待过户).
    await waitFor(() =>
      expect(server.requests.filter((request) => request.path === '/api/car/plateLists').length).toBeGreaterThan(1),
    );
    expect(router.state.location.search).toBe('');
  });

  it('按海外合同移交 says so when none of the contract’s cars is left in the registry, and 移交失败! when refused', async () => {
    server.on('PUT /api/car/transferHandOver', () => envelope(200, { moved: 0, kept: [] }, '移交成功!'));
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    const action = async () => {
      await userEvent.click(
        within(await rowOf(unplated.vin)).getByRole('button', { name: '按海外合同移交 HW-2026-003' }),
      );
      const confirm = (await screen.findAllByLabelText('移交的海外合同')).at(-1)!.closest('.ant-modal') as HTMLElement;
      await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    };
    await action();
    expect(await screen.findByText('该海外合同没有在车管环节的车辆')).toBeInTheDocument();
    expect(screen.queryByText('移交成功!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '知道了' }));

    server.on('PUT /api/car/transferHandOver', () => envelope(422, null, '海外合同不存在'));
    await action();
    expect(await screen.findByText('移交失败! 海外合同不存在')).toBeInTheDocument();
  });

  it('opens the forms and the detail page from the rows and the toolbar', async () => {
    const { router } = renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    await userEvent.click(within(await rowOf(unplated.vin)).getByRole('button', { name: `新增上牌 ${unplated.vin}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dmv/lincense_add/3/7/11'));
    await router.navigate('/dmv/list');
    await userEvent.click(within(await rowOf(half.vin)).getByRole('button', { name: `编辑上牌 ${half.vin}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dmv/lincense_edit/501'));
    await router.navigate('/dmv/list');
    await userEvent.click(within(await rowOf(half.vin)).getByRole('button', { name: `上牌详情 ${half.vin}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dmv/lincense_info/3/7/501'));
    await router.navigate('/dmv/list');
    await userEvent.click(await screen.findByRole('button', { name: /新增过户/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dmv/transfer_add'));
  });

  it('lists used cars on the 待过户 tab with n/5, and filters by VIN', async () => {
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    await rowOf(unplated.vin);
    await userEvent.click(screen.getByRole('tab', { name: '待过户' }));
    const row = await rowOf(used.vin);
    expect(listRequests().at(-1)?.path).toBe('/api/car/transferLists');
    expect(listRequests().at(-1)?.query.get('type')).toBe('2');
    expect(within(row).getByLabelText('过户资料')).toHaveTextContent('3/5');
    expect(within(row).getByRole('button', { name: `编辑过户 ${used.vin}` })).toBeInTheDocument();
    expect(screen.queryByText(unplated.vin)).not.toBeInTheDocument();

    rows['2'] = [];
    await userEvent.type(screen.getByRole('textbox', { name: /车架号/ }), 'ZZZ');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('没有符合条件的车辆，请修改车架号或点击“重置”')).toBeInTheDocument();
    expect(listRequests().at(-1)?.query.get('vin')).toBe('ZZZ');
  });

  it('tags a car’s temporary plate or late registration under its VIN, on both tabs (issue 25)', async () => {
    rows = {
      '1': [
        { ...plated, deadline: { key: 'temp_plate', label: '临时牌照到期', due_on: '2026-11-30', days_left: 3 } },
        unplated,
      ],
      '2': [{ ...used, deadline: { key: 'registry', label: '上牌/过户', due_on: '2026-11-20', days_left: -7 } }],
    };
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    const platedRow = await rowOf(plated.vin);
    expect(within(platedRow).getByText('还剩 3 天')).toHaveAccessibleName('临时牌照到期 还剩 3 天');
    expect(within(await rowOf(unplated.vin)).queryByText(/还剩|逾期|今天到期/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '待过户' }));
    expect(within(await rowOf(used.vin)).getByText('逾期 7 天')).toHaveClass('ant-tag-red');
  });

  it('says what to do on an empty tab', async () => {
    rows['1'] = [];
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    expect(await screen.findByText(/暂无待上牌的新车/)).toBeInTheDocument();
  });

  it('hands the row’s contract over after a confirmation, names the kept car, and shows the transfer tab', async () => {
    server.on('PUT /api/car/transferHandOver', () =>
      envelope(200, { moved: 1, kept: [{ vin: unplated.vin, reason: '尚未上牌或过户' }] }, '移交成功!'),
    );
    const { router } = renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    await userEvent.click(within(await rowOf(half.vin)).getByRole('button', { name: '移交出口 CG-2026-007' }));
    const confirm = (await screen.findByLabelText('移交的采购合同')).closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText('CG-2026-007')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const result = (await screen.findByLabelText('未移交的车辆')).closest('.ant-modal') as HTMLElement;
    expect(result).toHaveTextContent('移交成功!');
    expect(result).toHaveTextContent('尚未上牌或过户');
    expect(result).toHaveTextContent(unplated.vin);
    const handOver = server.requests.find((request) => request.path === '/api/car/transferHandOver');
    expect(handOver?.body).toEqual({ purchase_id: [7] });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    await waitFor(() => expect(screen.getByRole('tab', { name: '待过户' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(listRequests().at(-1)?.path).toBe('/api/car/transferLists'));
  });

  it('hands over the selected rows’ contracts, each once', async () => {
    server.on('PUT /api/car/transferHandOver', () => envelope(200, { moved: 2, kept: [] }, '移交成功!'));
    renderInApp(<RegistryListPage />, { initialEntries: ['/dmv/list'] });
    const button = await screen.findByRole('button', { name: /移交出口/, description: undefined });
    expect(screen.getAllByRole('button', { name: /移交出口/ })[0]).toBeDisabled();
    await userEvent.click(within(await rowOf(unplated.vin)).getByRole('checkbox'));
    await userEvent.click(within(await rowOf(half.vin)).getByRole('checkbox'));
    expect(screen.getByLabelText('已选车辆')).toHaveTextContent('已选 2 辆');
    await userEvent.click(screen.getAllByRole('button', { name: /移交出口/ })[0]!);
    const confirm = (await screen.findByLabelText('移交的采购合同')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('移交成功!')).toBeInTheDocument();
    const handOver = server.requests.find((request) => request.path === '/api/car/transferHandOver');
    expect(handOver?.body).toEqual({ purchase_id: [7] });
    expect(button).toBeInTheDocument();
  });
});
