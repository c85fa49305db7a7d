import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PickupListItem } from '../../../../../contract/pickup';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PickupListPage } from './pickup-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vehicle = (id: number, vin: string, overrides: Partial<PickupListItem> = {}): PickupListItem => ({
  id,
  vin,
  model: '丰田 卡罗拉',
  flow: 'pickup',
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  entry: [],
  release: [],
  procedure: { entry: 0, release: 0 },
  deadline: null,
  ...overrides,
});

/** Waiting without a check-in; checked in; checked in and released (on another contract). */
const waiting = vehicle(11, 'LSVAB1230RA200011');
const checkedIn = vehicle(12, 'LSVAB1230RA200012', {
  entry: [{ id: 501, dl_name: '张代理', created_at: '2026-11-20T09:00:00.000+08:00' }],
  procedure: { entry: 2, release: 0 },
});
const releasedCar = vehicle(13, 'LSVAB1230RA200013', {
  flow: 'release',
  purchase_id: 8,
  purchase_no: 'CG-2026-008',
  entry: [{ id: 502, dl_name: '李代理', created_at: '2026-11-21T10:00:00.000+08:00' }],
  release: [{ id: 77, created_at: '2026-11-22T15:30:00.000+08:00' }],
  procedure: { entry: 2, release: 2 },
});

let rows: PickupListItem[];

beforeEach(() => {
  rows = [waiting, checkedIn, releasedCar];
  server.on('GET /api/car/entryLists', (request) => {
    const vin = request.query.get('vin') ?? '';
    const found = rows.filter((row) => row.vin.includes(vin));
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 } });
  });
});

const listRequests = () => server.requests.filter((request) => request.path === '/api/car/entryLists');
const rowOf = async (vin: string) => (await screen.findByText(vin)).closest('tr')!;
const modalOf = async (text: string | RegExp) => (await screen.findByText(text)).closest('.ant-modal') as HTMLElement;
const choose = async (vin: string) => userEvent.click(within(await rowOf(vin)).getByRole('checkbox'));
const press = (name: RegExp) => userEvent.click(screen.getByRole('button', { name }));

// A table with fixed columns and selection renders slowly on the shared two-core build machine.
describe('pickup list', { timeout: 60_000 }, () => {
  it('opens from the dashboard’s 待出库 with the status filter set and shown, and 重置 clears it', async () => {
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list?release_status=0&dl_name=x'] });
    await rowOf(waiting.vin);
    // Only the filter the link names, as the status select holds it; a key the screen does not take is dropped.
    expect(listRequests()[0]?.query.get('release_status')).toBe('0');
    expect(listRequests()[0]?.query.get('dl_name')).toBeNull();
    const status = screen.getByRole('search').querySelector('.ant-select') as HTMLElement;
    expect(within(status).getByText('待出库')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('release_status')).toBeNull());
  });

  it('shows each vehicle with its agent, status, times, release pass, and only the actions it allows', async () => {
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    const first = await rowOf(waiting.vin);
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    expect(within(first).getByText('待出库')).toBeInTheDocument();
    expect(within(first).getByText('未入库')).toBeInTheDocument();
    expect(within(first).getByText('CG-2026-007')).toBeInTheDocument();
    // No check-in yet: 入库 and 免入库, no edit, no detail, no release.
    expect(within(first).getByRole('button', { name: `入库 ${waiting.vin}` })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: `免入库 ${waiting.vin}` })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /编辑入库|编辑出库|入库详情/ })).not.toBeInTheDocument();

    const second = await rowOf(checkedIn.vin);
    expect(within(second).getByText('张代理')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `编辑入库 ${checkedIn.vin}` })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `入库详情 ${checkedIn.vin}` })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /免入库|编辑出库/ })).not.toBeInTheDocument();

    const third = await rowOf(releasedCar.vin);
    expect(within(third).getByText('已出库')).toBeInTheDocument();
    expect(within(third).getByText('在出库报关')).toBeInTheDocument();
    expect(within(third).getByText('放行条 #77')).toBeInTheDocument();
    expect(within(third).getByTitle(/^2026-11-22 /)).toBeInTheDocument();
    await userEvent.click(within(third).getByRole('button', { name: `编辑出库 ${releasedCar.vin}` }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/release/letpass_edit/77');
  });

  it('tags a car whose check-in is late under its VIN, and no other (issue 25)', async () => {
    rows = [
      { ...waiting, deadline: { key: 'entry', label: '入库', due_on: '2026-11-25', days_left: -2 } },
      { ...checkedIn, deadline: { key: 'entry', label: '入库', due_on: '2026-12-20', days_left: 23 } },
      releasedCar,
    ];
    renderInApp(<PickupListPage />);
    const late = await rowOf('LSVAB1230RA200011');
    expect(within(late).getByText('逾期 2 天')).toHaveClass('ant-tag-red');
    // Further off than a week, or none: nothing beside the VIN.
    expect(within(await rowOf('LSVAB1230RA200012')).queryByText(/逾期|还剩|今天到期/)).not.toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200013')).queryByText(/逾期|还剩|今天到期/)).not.toBeInTheDocument();
  });

  it('row actions open the check-in form for the vehicle, its edit and its detail page', async () => {
    const view = renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await userEvent.click(within(await rowOf(waiting.vin)).getByRole('button', { name: `入库 ${waiting.vin}` }));
    expect(view.location()).toBe(`/pickup/add?vin=${waiting.vin}`);
    await view.router.navigate('/pickup/list');
    await userEvent.click(
      within(await rowOf(checkedIn.vin)).getByRole('button', { name: `编辑入库 ${checkedIn.vin}` }),
    );
    expect(view.location()).toBe('/pickup/edit/501');
    await view.router.navigate('/pickup/list');
    await userEvent.click(
      within(await rowOf(checkedIn.vin)).getByRole('button', { name: `入库详情 ${checkedIn.vin}` }),
    );
    expect(view.location()).toBe('/pickup/info/3/7/501');
  });

  it('sends the five filters under the spec keys, and 重置 clears them', async () => {
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await rowOf(waiting.vin);
    const filters = screen.getByRole('search', { name: '入库出库筛选' });
    await userEvent.type(within(filters).getByLabelText('代理人'), '张代理');
    await userEvent.type(within(filters).getByLabelText('车架号'), '200012');
    await userEvent.click(within(filters).getByLabelText('状态'));
    await userEvent.click(await screen.findByTitle('已出库'));
    const starts = within(filters).getAllByPlaceholderText('开始日期');
    const ends = within(filters).getAllByPlaceholderText('结束日期');
    await userEvent.click(starts[0]!);
    await userEvent.type(starts[0]!, '2026-11-01{Enter}');
    await userEvent.type(ends[0]!, '2026-11-15{Enter}');
    await userEvent.click(starts[1]!);
    await userEvent.type(starts[1]!, '2026-11-16{Enter}');
    await userEvent.type(ends[1]!, '2026-11-30{Enter}');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('vin')).toBe('200012'));
    expect(Object.fromEntries(listRequests().at(-1)!.query)).toEqual({
      dl_name: '张代理',
      vin: '200012',
      release_status: '2',
      entry_s: '2026-11-01',
      entry_e: '2026-11-15',
      release_s: '2026-11-16',
      release_e: '2026-11-30',
      page: '1',
      limit: '15',
    });
    await waitFor(() => expect(screen.queryByText(waiting.vin)).not.toBeInTheDocument());
    await userEvent.click(within(filters).getByRole('button', { name: /重\s*置/ }));
    expect(await rowOf(waiting.vin)).toBeInTheDocument();
    expect(within(filters).getByLabelText('代理人')).toHaveValue('');
    expect(within(filters).getAllByPlaceholderText('开始日期')[1]).toHaveValue('');
  });

  it('offers only 待出库 and 已出库 as the status', async () => {
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await rowOf(waiting.vin);
    await userEvent.click(screen.getByLabelText('状态'));
    await screen.findByTitle('待出库');
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((option) => option.getAttribute('title'))).toEqual(['待出库', '已出库']);
  });

  it('hands the chosen vehicles’ purchase contracts to the registry after naming them, and lists what stayed', async () => {
    server.on(
      'PUT /api/car/entryHandOver',
      envelope(200, { moved: 1, kept: [{ vin: waiting.vin, reason: '尚未入库' }] }),
    );
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await choose(waiting.vin);
    await choose(checkedIn.vin);
    await choose(releasedCar.vin);
    expect(screen.getByLabelText('已选车辆')).toHaveTextContent('已选 3 辆');
    await press(/移交车管/);
    const confirm = await modalOf(/是否确定将以下 2 份采购合同/);
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-007');
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-008');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const kept = await screen.findByLabelText('未移交的车辆');
    expect(kept).toHaveTextContent('已移交 1 辆车。');
    expect(kept).toHaveTextContent('以下车辆未移交：');
    expect(kept).toHaveTextContent(`${waiting.vin}：尚未入库`);
    expect(screen.getAllByText('移交成功!').length).toBeGreaterThan(0);
    const sent = server.requests.find((request) => request.path === '/api/car/entryHandOver');
    expect(sent?.body).toEqual({ purchase_id: [7, 8] });
    // The selection is spent.
    expect(screen.queryByLabelText('已选车辆')).not.toBeInTheDocument();
  });

  it('移交车管 with nothing chosen asks for a choice; a refusal says 移交失败!', async () => {
    server.on('PUT /api/car/entryHandOver', envelope(500, null, '数据库不可用'));
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await rowOf(waiting.vin);
    await press(/移交车管/);
    expect(await screen.findByText('请先选择要移交的车辆')).toBeInTheDocument();
    expect(server.requests.some((request) => request.path === '/api/car/entryHandOver')).toBe(false);

    await choose(checkedIn.vin);
    await press(/移交车管/);
    await userEvent.click(
      within(await modalOf(/是否确定将以下 1 份采购合同/)).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText('移交失败! 数据库不可用')).toBeInTheDocument();
  });

  it('车辆放行 opens the release form, with the chosen vehicles, and refuses vehicles already released', async () => {
    const view = renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await choose(releasedCar.vin);
    await choose(checkedIn.vin);
    await press(/车辆放行/);
    expect(await screen.findByText('已出库的车辆不能再次出库')).toBeInTheDocument();
    expect(view.location()).toBe('/pickup/list');

    await choose(releasedCar.vin);
    await choose(waiting.vin);
    await press(/车辆放行/);
    expect(view.location()).toBe('/release/letpass_add?car=12,11');
  });

  it('车辆放行 with nothing chosen opens the empty release form; 车辆入库 the check-in form', async () => {
    const view = renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await rowOf(waiting.vin);
    await press(/车辆放行/);
    expect(view.location()).toBe('/release/letpass_add');
    await view.router.navigate('/pickup/list');
    await userEvent.click(await screen.findByRole('button', { name: /车辆入库/ }));
    expect(view.location()).toBe('/pickup/add');
  });

  it('免入库 asks first, then sends the vehicle and says 操作成功', async () => {
    server.on('PUT /api/car/noentry', envelope(200, { moved: 1, kept: [] }));
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await userEvent.click(within(await rowOf(waiting.vin)).getByRole('button', { name: `免入库 ${waiting.vin}` }));
    const confirm = await modalOf(`车辆 ${waiting.vin} 不需要入库，直接移交车管？`);
    expect(server.requests.some((request) => request.path === '/api/car/noentry')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    const sent = server.requests.find((request) => request.path === '/api/car/noentry');
    expect(sent?.method).toBe('PUT');
    expect(sent?.query.get('carId')).toBe('11');
  });

  it('a failed 免入库 says 操作失败!', async () => {
    server.on('PUT /api/car/noentry', envelope(409, null, '操作失败!'));
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    await userEvent.click(within(await rowOf(waiting.vin)).getByRole('button', { name: `免入库 ${waiting.vin}` }));
    await userEvent.click(
      within(await modalOf(`车辆 ${waiting.vin} 不需要入库，直接移交车管？`)).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText('操作失败!')).toBeInTheDocument();
  });

  it('says what to do when no vehicle waits yet', async () => {
    rows = [];
    renderInApp(<PickupListPage />, { initialEntries: ['/pickup/list'] });
    expect(await screen.findByText('暂无待入库的车辆：采购合同“移交入库”后，车辆会出现在这里')).toBeInTheDocument();
  });
});
