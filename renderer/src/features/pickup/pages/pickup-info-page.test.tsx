import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry } from '../../../../../contract/pickup';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PickupInfoPage } from './pickup-info-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const entry: Entry = {
  id: 501,
  entry_id: 501,
  car_id: 11,
  vin: 'LSVAB1230RA200011',
  dl_name: '张代理',
  remark: '左前门有划痕',
  wg_image: '/storage/image/2026/11/wg.png',
  vin_image: null,
  car_image: ['/storage/image/2026/11/car-1.png', '/storage/image/2026/11/car-2.png'],
  carimage: [],
  order_id: 3,
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 12,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
};

beforeEach(() => {
  server.on('GET /api/car/entryRead', (request) =>
    request.query.get('entryId') === '501' ? envelope(200, entry) : envelope(404, null, '记录不存在'),
  );
  server.on('GET /api/upload/names', envelope(200, {}));
});

const renderInfo = (id = '501') =>
  renderInApp(<PickupInfoPage />, {
    path: '/pickup/info/:order_id/:p_id/:id',
    initialEntries: ['/pickup/list', `/pickup/info/3/7/${id}`],
  });

describe('check-in detail page', { timeout: 45_000 }, () => {
  it('shows the contract, the count bought, the VIN, the photos and the remark', async () => {
    renderInfo();
    await screen.findByText('CG-2026-007');
    expect(server.requests.find((request) => request.path === '/api/car/entryRead')?.query.get('entryId')).toBe('501');
    for (const text of ['杭州二手车行', '共采购 12 台', 'LSVAB1230RA200011', '张代理', '左前门有划痕'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('其他照片（2）')).toBeInTheDocument();
    // The VIN photo is missing: said, not left blank.
    expect(screen.getAllByText('未上传')).toHaveLength(1);
    // Each picture is a thumbnail (fetched with the token), opened in a preview.
    await waitFor(() =>
      expect(
        server.requests.filter((request) => request.path.startsWith('/storage/image/2026/11/')).map((r) => r.path),
      ).toEqual(expect.arrayContaining(['/storage/image/2026/11/wg.png', '/storage/image/2026/11/car-1.png'])),
    );
  });

  it('编辑 opens the check-in form', async () => {
    const view = renderInfo();
    await screen.findByText('CG-2026-007');
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    expect(view.location()).toBe('/pickup/edit/501');
  });

  it('a check-in that does not exist says so', async () => {
    renderInfo('999');
    const page = await screen.findByText('入库记录加载失败');
    expect(within(page.closest('.ant-result') as HTMLElement).getByText('记录不存在')).toBeInTheDocument();
  });

  it('变更记录 shows this check-in’s history', async () => {
    const remark = scriptRecordHistory(server, 'entry', 501);
    renderInfo();
    await userEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(remark)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'entry', id: '501', page: '1' }]);
  });
});
