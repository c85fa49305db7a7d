import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReleaseListCar, ReleaseListGroup } from '../../../../../contract/release-exports';
import { captureDownloads, type CapturedDownloads } from '../../../components/download-capture';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from '../../../components/object-url-stand-in';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { ReleaseListPage } from './release-list-page';

// userEvent's pointer checks read getComputedStyle up a vehicle's nested table (tens of seconds a click
// there on the shared machine): the table's links are clicked with fireEvent.
// Roles found without the visibility check: its getComputedStyle per element over antd's style tags made
// each query take seconds on the shared build machine.
configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const server = scriptedApiForEachTest();

const car = (id: number, vin: string, overrides: Partial<ReleaseListCar> = {}): ReleaseListCar => ({
  id,
  vin,
  model: '丰田 卡罗拉',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  exports_id: null,
  rate: null,
  exports_date: null,
  release_id: null,
  status: 6,
  deadline: null,
  ...overrides,
});

/** A contract with a vehicle of each code, on two purchase contracts; and the vehicles of no contract. */
const contract: ReleaseListGroup = {
  id: 3,
  order_id: 3,
  order_no: 'HW-2026-003',
  customer_name: '迪拜汽车贸易',
  amount: 5,
  purchases: [
    { purchase_id: 7, purchase_no: 'CG-2026-007' },
    { purchase_id: 8, purchase_no: 'CG-2026-008' },
  ],
  car: [
    car(11, 'LSVAB1230RA200011', { exports_id: 41, rate: 100, exports_date: '2026-11-20', release_id: 5, status: 9 }),
    car(12, 'LSVAB1230RA200012', { exports_id: 41, rate: 67, exports_date: '2026-11-20', status: 7 }),
    car(13, 'LSVAB1230RA200013', { release_id: 6, status: 8, purchase_id: 8, purchase_no: 'CG-2026-008' }),
    car(14, 'LSVAB1230RA200014'),
  ],
};
const notLinked: ReleaseListGroup = {
  id: 0,
  order_id: null,
  order_no: null,
  customer_name: null,
  amount: null,
  purchases: [{ purchase_id: 9, purchase_no: 'CG-2026-009' }],
  car: [car(15, 'LGBAB1230RA200015', { purchase_id: 9, purchase_no: 'CG-2026-009' })],
};

let groups: ReleaseListGroup[];
let downloads: CapturedDownloads;
let urls: ObjectUrlRegistry;

beforeEach(() => {
  urls = installObjectUrlStandIn();
  downloads = captureDownloads();
  groups = [contract, notLinked];
  server.on('GET /api/car/exExport', envelope(200, { download_url: '/storage/exports/2026/11/release.xlsx' }));
  // Zip's magic bytes first: the download checks that it received a workbook.
  server.on('GET /storage/exports/2026/11/release.xlsx', { status: 200, body: 'PK\u0003\u0004release' });
  server.on('GET /api/car/exportsLists', (request) => {
    const vin = request.query.get('vin') ?? '';
    const found = groups
      .map((group) => ({ ...group, car: group.car.filter((item) => item.vin.includes(vin)) }))
      .filter((group) => group.car.length > 0);
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 }, total: found.length });
  });
});

afterEach(() => {
  urls.restore();
  downloads.stop();
});

const listRequests = () => server.requests.filter((request) => request.path === '/api/car/exportsLists');
const carsOf = async (contractText: string) => screen.findByLabelText(`${contractText} 的车辆`);
const rowOf = async (vin: string) => (await screen.findByText(vin)).closest('tr')!;
/** The newest dialog saying `text` (a closed one may linger in the DOM while it fades). */
const modalOf = async (text: string | RegExp) =>
  (await screen.findAllByText(text)).at(-1)!.closest('.ant-modal') as HTMLElement;

describe('release list', { timeout: 60_000 }, () => {
  it('groups vehicles under their overseas contract (未关联 where none) with the codes 6 to 9 in words', async () => {
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    const cars = await carsOf('HW-2026-003');
    expect(listRequests()[0]?.query.get('limit')).toBe('15');
    const groupRow = screen.getByText('HW-2026-003').closest('tr')!;
    expect(within(groupRow).getByText('迪拜汽车贸易')).toBeInTheDocument();
    expect(within(groupRow).getByText('5 台')).toBeInTheDocument();
    expect(within(groupRow).getByText('待移交 4 台')).toBeInTheDocument();
    expect(within(cars).getAllByRole('row')).toHaveLength(5);

    expect(within(await rowOf('LSVAB1230RA200011')).getByText('已出口/已放行')).toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200011')).getByText('100%')).toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200012')).getByText('已出口/待放行')).toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200012')).getByText('2026-11-20')).toBeInTheDocument();
    const released = await rowOf('LSVAB1230RA200013');
    expect(within(released).getByText('待出口/已放行')).toBeInTheDocument();
    expect(within(released).getByText('未报关')).toBeInTheDocument();
    // No declaration: no 编辑出口.
    expect(within(released).queryByRole('button', { name: /编辑出口/ })).not.toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200014')).getByText('待出口/待放行')).toBeInTheDocument();

    await carsOf('未关联');
    const noneRow = screen.getByLabelText('移交归档 未关联').closest('tr')!;
    expect(within(noneRow).getAllByText('未关联')).toHaveLength(2);
    expect(within(noneRow).getByText('1 台')).toBeInTheDocument();
  });

  it('tags a car whose temporary plate runs out soon under its VIN (issue 25)', async () => {
    const [first, ...rest] = contract.car;
    groups = [
      {
        ...contract,
        car: [
          { ...first!, deadline: { key: 'temp_plate', label: '临时牌照到期', due_on: '2026-11-30', days_left: 3 } },
          ...rest,
        ],
      },
    ];
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    const tagged = await rowOf('LSVAB1230RA200011');
    expect(within(tagged).getByText('还剩 3 天')).toHaveClass('ant-tag-orange');
    expect(within(tagged).getByText('还剩 3 天')).toHaveAccessibleName('临时牌照到期 还剩 3 天');
    expect(within(await rowOf('LSVAB1230RA200012')).queryByText(/还剩|逾期|今天到期/)).not.toBeInTheDocument();
  });

  it('编辑出口 and 放行详情 open the declaration’s edit form and the purchase contract’s detail page', async () => {
    const view = renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    fireEvent.click(within(await rowOf('LSVAB1230RA200012')).getByLabelText('编辑出口 LSVAB1230RA200012'));
    expect(view.location()).toBe('/release/letout_edit/3/41');
    await view.router.navigate('/release/list');
    fireEvent.click(within(await rowOf('LSVAB1230RA200013')).getByLabelText('放行详情 LSVAB1230RA200013'));
    expect(view.location()).toBe('/release/info/3/8');
    await view.router.navigate('/release/list');
    fireEvent.click(await screen.findByLabelText('放行详情 CG-2026-009'));
    expect(view.location()).toBe('/release/info/0/9');
    await view.router.navigate('/release/list');
    await userEvent.click(await screen.findByRole('button', { name: /新增出口报关/ }));
    expect(view.location()).toBe('/release/letout_add');
  });

  it('a group’s 新增出口 opens the declaration form for its contract; none for 未关联, off once all are declared', async () => {
    groups = [
      contract,
      notLinked,
      {
        ...contract,
        id: 4,
        order_id: 4,
        order_no: 'HW-2026-004',
        car: [car(21, 'LSVAB1230RA200021', { exports_id: 42, rate: 100, exports_date: '2026-11-21', status: 7 })],
      },
    ];
    const view = renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    await carsOf('HW-2026-004');
    expect(screen.queryByLabelText('新增出口 未关联')).not.toBeInTheDocument();
    const declared = screen.getByLabelText('新增出口 HW-2026-004');
    expect(declared).toBeDisabled();
    expect(declared).toHaveAttribute('title', '该合同的车辆都已出口报关');
    const open = screen.getByLabelText('新增出口 HW-2026-003');
    expect(open).toHaveAttribute('title', '为 2 台待报关车辆新增出口报关');
    fireEvent.click(open);
    expect(view.location()).toBe('/release/letout_add?order_id=3');
  });

  it('a group’s 车辆放行 opens the release pass form with its vehicles still without a pass; off once all have one', async () => {
    groups = [
      contract,
      notLinked,
      {
        ...contract,
        id: 4,
        order_id: 4,
        order_no: 'HW-2026-004',
        car: [car(21, 'LSVAB1230RA200021', { release_id: 7, status: 8 })],
      },
    ];
    const view = renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    await carsOf('HW-2026-004');
    const released = screen.getByLabelText('车辆放行 HW-2026-004');
    expect(released).toBeDisabled();
    expect(released).toHaveAttribute('title', '该合同的车辆都已放行');
    // 未关联's vehicles leave on a pass too.
    expect(screen.getByLabelText('车辆放行 未关联')).toBeEnabled();
    const open = screen.getByLabelText('车辆放行 HW-2026-003');
    expect(open).toHaveAttribute('title', '为 2 台未放行车辆新增放行条');
    fireEvent.click(open);
    expect(view.location()).toBe('/release/letpass_add?car=12,14');
  });

  it('sends the contract number and VIN filters, and 重置 clears them', async () => {
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    await carsOf('HW-2026-003');
    const filters = screen.getByRole('search', { name: '出口放行筛选' });
    await userEvent.type(within(filters).getByLabelText('海外合同号'), 'HW-2026');
    await userEvent.type(within(filters).getByLabelText('车架号'), '200015');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('vin')).toBe('200015'));
    expect(Object.fromEntries(listRequests().at(-1)!.query)).toEqual({
      order_no: 'HW-2026',
      vin: '200015',
      page: '1',
      limit: '15',
    });
    await waitFor(() => expect(screen.queryByText('HW-2026-003')).not.toBeInTheDocument());
    await userEvent.click(within(filters).getByRole('button', { name: /重\s*置/ }));
    expect(await carsOf('HW-2026-003')).toBeInTheDocument();
    expect(within(filters).getByLabelText('海外合同号')).toHaveValue('');
  });

  it('移交归档 asks with the spec’s words naming the group’s purchase contracts, then lists what stayed', async () => {
    server.on(
      'PUT /api/car/releaseHandOver',
      envelope(200, { moved: 1, kept: [{ vin: 'LSVAB1230RA200012', reason: '尚未出库' }] }, '移交成功!'),
    );
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    fireEvent.click(await screen.findByLabelText('移交归档 HW-2026-003'));
    const confirm = await modalOf('是否确定要将该采购合同下所有符合条件的车辆移交归档流程?');
    expect(within(confirm).getAllByText('出口放行移交').length).toBeGreaterThan(0);
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-007');
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-008');
    expect(server.requests.some((request) => request.path === '/api/car/releaseHandOver')).toBe(false);
    const before = listRequests().length;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const kept = await screen.findByLabelText('未移交的车辆');
    expect(kept).toHaveTextContent('已移交 1 辆车。');
    expect(kept).toHaveTextContent('LSVAB1230RA200012：尚未出库');
    const sent = server.requests.find((request) => request.path === '/api/car/releaseHandOver');
    expect(sent?.method).toBe('PUT');
    expect(sent?.body).toEqual({ purchase_id: [7, 8] });
    // The list is asked again.
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));
  });

  it('says 移交成功! when every vehicle moved, and 移交失败! with the reason when refused', async () => {
    server.on('PUT /api/car/releaseHandOver', envelope(200, { moved: 1, kept: [] }, '移交成功!'));
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    fireEvent.click(await screen.findByLabelText('移交归档 未关联'));
    const confirm = await modalOf('是否确定要将该采购合同下所有符合条件的车辆移交归档流程?');
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-009');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('移交成功!')).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/car/releaseHandOver')?.body).toEqual({
      purchase_id: [9],
    });

    server.on('PUT /api/car/releaseHandOver', envelope(500, null, '数据库不可用'));
    fireEvent.click(screen.getByLabelText('移交归档 HW-2026-003'));
    await userEvent.click(
      within(await modalOf('是否确定要将该采购合同下所有符合条件的车辆移交归档流程?')).getByRole('button', {
        name: /确\s*定/,
      }),
    );
    expect(await screen.findByText('移交失败! 数据库不可用')).toBeInTheDocument();
  });

  it('导出Excel downloads the filtered list (no paging) as 出口放行列表-<date>.xlsx; 刷新 reads the page again', async () => {
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    await carsOf('HW-2026-003');
    const filters = screen.getByRole('search', { name: '出口放行筛选' });
    await userEvent.type(within(filters).getByLabelText('海外合同号'), 'HW-2026');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('order_no')).toBe('HW-2026'));

    await userEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const exportCall = server.requests.find((request) => request.path === '/api/car/exExport')!;
    expect(Object.fromEntries(exportCall.query)).toEqual({ order_no: 'HW-2026' });
    expect(downloads.saved[0]?.name).toMatch(/^出口放行列表-\d{8}\.xlsx$/);

    const before = listRequests().length;
    groups = [notLinked];
    await userEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(screen.queryByLabelText('HW-2026-003 的车辆')).not.toBeInTheDocument());
    expect(listRequests().length).toBe(before + 1);
  });

  it('says 暂无数据 when no vehicle waits', async () => {
    groups = [];
    renderInApp(<ReleaseListPage />, { initialEntries: ['/release/list'] });
    await waitFor(() => expect(document.querySelector('.ant-empty-description')).toHaveTextContent(/^暂无数据$/));
  });
});
