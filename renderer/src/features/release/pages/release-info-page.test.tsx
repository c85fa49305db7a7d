import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportsRecord, ReleaseDetail } from '../../../../../contract/release-exports';
import type { ReleasePass } from '../../../../../contract/release';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { ReleaseInfoPage } from './release-info-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

// Roles found without the visibility check: its getComputedStyle per element over antd's style tags made
// each query take seconds on the shared build machine.
configure({ asyncUtilTimeout: 6000, defaultHidden: true });

const server = scriptedApiForEachTest();

const declaration: ExportsRecord = {
  id: 41,
  exports_id: 41,
  order_id: 3,
  order_no: 'HW-2026-003',
  order: [{ id: 3, order_no: 'HW-2026-003' }],
  purchase_id: 7,
  exportscar: [
    { car_id: 11, vin: 'LSVAB1230RA200011', model: '丰田 卡罗拉' },
    { car_id: 12, vin: 'LSVAB1230RA200012', model: '丰田 卡罗拉' },
  ],
  currency: 'USD',
  bgd_sn: '310120260001234567',
  exports_date: '2026-11-20',
  exports_money: 12345.67,
  xkz_image: '/storage/document/2026/11/xkz.pdf',
  bgzl_image: '/storage/document/2026/11/bgzl.pdf',
  bgd_image: '/storage/document/2026/11/bgd.pdf',
  td_image: '/storage/document/2026/11/td.pdf',
  jcbg_image: null,
  hgfxtz_image: null,
  car_image: [],
  carimage: [],
  rate: 67,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
};

const pass: ReleasePass = {
  id: 5,
  release_id: 5,
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  releasecar: [{ car_id: 11, vin: 'LSVAB1230RA200011', model: '丰田 卡罗拉' }],
  fxt_image: '/storage/document/2026/11/fxt.pdf',
  lc_image: null,
  car_image: [],
  carimage: [],
  created_at: '2026-11-21T15:30:00.000+08:00',
  updated_at: '2026-11-21T15:30:00.000+08:00',
};

const detail = (overrides: Partial<ReleaseDetail> = {}): ReleaseDetail => ({
  purchase: {
    id: 7,
    purchase_no: 'CG-2026-007',
    customer_name: '杭州二手车行',
    amount: 2,
    order_id: 3,
    order_no: 'HW-2026-003',
  },
  exports: [declaration],
  releases: [pass],
  ...overrides,
});

let answer: ReleaseDetail;

beforeEach(() => {
  answer = detail();
  server.on('GET /api/car/releaseDetail', (request) =>
    request.query.get('purchaseId') === '7' ? envelope(200, answer) : envelope(404, null, '记录不存在'),
  );
  server.on('GET /api/upload/names', envelope(200, {}));
});

const renderInfo = (purchaseId = '7') =>
  renderInApp(<ReleaseInfoPage />, {
    path: '/release/info/:order_id/:p_id',
    initialEntries: ['/release/list', `/release/info/3/${purchaseId}`],
  });

/** The newest dialog saying `text` (a closed one may linger in the DOM while it fades). */
const modalOf = async (text: string | RegExp) =>
  (await screen.findAllByText(text)).at(-1)!.closest('.ant-modal') as HTMLElement;

describe('release detail page', { timeout: 45_000 }, () => {
  it('shows the purchase contract and its export records with their documents and rate', async () => {
    renderInfo();
    const record = await screen.findByLabelText('出口报关 41');
    expect(server.requests.find((request) => request.path === '/api/car/releaseDetail')?.query.get('purchaseId')).toBe(
      '7',
    );
    for (const text of ['CG-2026-007', 'HW-2026-003', '杭州二手车行', '共采购 2 台'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: '出口记录（1）' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '出库记录（1）' })).toBeInTheDocument();
    expect(within(record).getByText('310120260001234567')).toBeInTheDocument();
    expect(within(record).getByText('12,345.67 USD')).toBeInTheDocument();
    expect(within(record).getByText('LSVAB1230RA200012')).toBeInTheDocument();
    expect(within(record).getByLabelText('资料上传进度')).toHaveTextContent('已上传 4/6');
    // The two optional documents and the photos are missing: said, not left blank.
    expect(within(record).getAllByText('未上传')).toHaveLength(3);
  });

  it('each record’s 编辑 opens its form with the contract and purchase ids', async () => {
    const view = renderInfo();
    const record = await screen.findByLabelText('出口报关 41');
    await userEvent.click(within(record).getByRole('button', { name: /编\s*辑/ }));
    expect(view.location()).toBe('/release/letout_edit/3/7/41');

    await view.router.navigate('/release/info/3/7');
    await userEvent.click(await screen.findByRole('tab', { name: '出库记录（1）' }));
    const slip = await screen.findByLabelText('放行条 5');
    expect(within(slip).getByText('LSVAB1230RA200011')).toBeInTheDocument();
    await userEvent.click(within(slip).getByRole('button', { name: /编\s*辑/ }));
    expect(view.location()).toBe('/release/letpass_edit/3/7/5');
  });

  it('says 暂无相关记录 in a tab without records', async () => {
    answer = detail({ exports: [], releases: [] });
    renderInfo();
    await screen.findByRole('tab', { name: '出口记录（0）' });
    expect(screen.getByText('暂无相关记录')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '出库记录（0）' }));
    await waitFor(() => expect(screen.getAllByText('暂无相关记录')).toHaveLength(2));
  });

  it('移交归档 hands this purchase contract over after the spec’s question and says 移交成功!', async () => {
    server.on('PUT /api/car/releaseHandOver', envelope(200, { moved: 2, kept: [] }, '移交成功!'));
    renderInfo();
    await screen.findByLabelText('出口报关 41');
    const before = server.requests.filter((request) => request.path === '/api/car/releaseDetail').length;
    await userEvent.click(screen.getByRole('button', { name: /移交归档/ }));
    const confirm = await modalOf('是否确定要将该采购合同下所有符合条件的车辆移交归档流程?');
    expect(within(confirm).getAllByText('出口放行移交').length).toBeGreaterThan(0);
    expect(within(confirm).getByLabelText('移交的采购合同')).toHaveTextContent('CG-2026-007');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('移交成功!')).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/car/releaseHandOver')?.body).toEqual({
      purchase_id: [7],
    });
    await waitFor(() =>
      expect(server.requests.filter((request) => request.path === '/api/car/releaseDetail').length).toBeGreaterThan(
        before,
      ),
    );
  });

  it('a purchase contract that does not exist says so', async () => {
    renderInfo('999');
    const page = await screen.findByText('放行详情加载失败');
    expect(within(page.closest('.ant-result') as HTMLElement).getByText('记录不存在')).toBeInTheDocument();
  });

  it('each declaration’s and release slip’s 变更记录 opens its own history', async () => {
    const declarationRemark = scriptRecordHistory(server, 'exports', 41);
    renderInfo();
    const record = await screen.findByLabelText('出口报关 41');
    await userEvent.click(within(record).getByRole('button', { name: '变更记录 出口报关 41' }));
    const drawer = await screen.findByRole('dialog', { name: '变更记录：出口报关 #41' });
    expect(await within(drawer).findByText(declarationRemark)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'exports', id: '41', page: '1' }]);
    await userEvent.click(within(drawer).getByRole('button', { name: /关\s*闭|Close/ }));

    const slipRemark = scriptRecordHistory(server, 'release', 5);
    await userEvent.click(screen.getByRole('tab', { name: '出库记录（1）' }));
    const slip = await screen.findByLabelText('放行条 5');
    await userEvent.click(within(slip).getByRole('button', { name: '变更记录 放行条 5' }));
    const slipDrawer = await screen.findByRole('dialog', { name: '变更记录：放行条 #5' });
    expect(await within(slipDrawer).findByText(slipRemark)).toBeInTheDocument();
    expect(historyQueries(server).at(-1)).toEqual({ entity: 'release', id: '5', page: '1' });
  });
});
