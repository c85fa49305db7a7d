import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PickupListItem } from '../../../../../contract/pickup';
import type { Purchase } from '../../../../../contract/purchase';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PurchaseInfoPage } from './purchase-info-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const purchase = (overrides: Partial<Purchase> = {}): Purchase => ({
  id: 7,
  purchase_no: 'CG-2026-007',
  type: 2,
  order_id: 3,
  order_no: 'HW-2026-003',
  customer_id: 4,
  customer_name: '杭州二手车行',
  amount: 2,
  total: 200000,
  remit_total: 0,
  remit_status: 0,
  handed_over: 1,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  car: [
    { id: 11, vin: 'LSVAB1230RA200011', model: '丰田 卡罗拉', price: 100000, invoice: 0, other: 0 },
    { id: 12, vin: 'LSVAB1230RA200012', model: '本田 雅阁', price: 100000, invoice: 0, other: 0 },
  ],
  customer_address: null,
  customer_contact_way: null,
  customer_type_id: 1,
  customer_type: '销外客户',
  contracts: [],
  handed_over_at: '2026-11-21T09:00:00.000+08:00',
  remit: [],
  ...overrides,
});

const pickupRow = (id: number, vin: string, flow: PickupListItem['flow'], purchaseId = 7): PickupListItem => ({
  id,
  vin,
  model: null,
  flow,
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: purchaseId,
  purchase_no: purchaseId === 7 ? 'CG-2026-007' : 'CG-2026-0071',
  entry: [],
  release: [],
  procedure: { entry: 0, release: 0 },
  deadline: null,
});

let pickupRows: PickupListItem[];

beforeEach(() => {
  server.on('GET /api/purchase/7', envelope(200, purchase()));
  pickupRows = [
    pickupRow(11, 'LSVAB1230RA200011', 'pickup'),
    pickupRow(12, 'LSVAB1230RA200012', 'registry'),
    // Another contract whose number contains this one's: not counted.
    pickupRow(13, 'LSVAB1230RA200013', 'pickup', 70),
  ];
  server.on('GET /api/car/entryLists', () =>
    envelope(200, { data: pickupRows, meta: { total: pickupRows.length, page: 1, limit: 100 } }),
  );
});

const renderInfo = () =>
  renderInApp(<PurchaseInfoPage />, {
    path: '/purchase/info/:id',
    initialEntries: ['/purchase/list', '/purchase/info/7'],
  });

describe('purchase contract info page: 免入库', { timeout: 45_000 }, () => {
  it('sends the whole contract to the registry after a confirmation and lists what stayed', async () => {
    server.on(
      'PUT /api/car/noentry',
      envelope(200, { moved: 1, kept: [{ vin: 'LSVAB1230RA200012', reason: '当前在车管环节' }] }),
    );
    renderInfo();
    const button = await screen.findByRole('button', { name: '采购合同 CG-2026-007 免入库' });
    expect(server.requests.find((request) => request.path === '/api/car/entryLists')?.query.get('purchase_no')).toBe(
      'CG-2026-007',
    );
    await userEvent.click(button);
    const confirm = (await screen.findByText(/还有 1 辆车在入库环节/)).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const kept = await screen.findByLabelText('未移交的车辆');
    expect(kept).toHaveTextContent('已移交 1 辆车。');
    expect(kept).toHaveTextContent('以下车辆未移交：');
    expect(kept).toHaveTextContent('LSVAB1230RA200012：当前在车管环节');
    expect(screen.getAllByText('操作成功').length).toBeGreaterThan(0);
    const sent = server.requests.find((request) => request.path === '/api/car/noentry');
    expect(sent?.method).toBe('PUT');
    expect(sent?.query.get('purchaseId')).toBe('7');
  });

  it('says 操作失败! when refused', async () => {
    server.on('PUT /api/car/noentry', envelope(500, null, 'Error 500'));
    renderInfo();
    await userEvent.click(await screen.findByRole('button', { name: '采购合同 CG-2026-007 免入库' }));
    const confirm = (await screen.findByText(/还有 1 辆车在入库环节/)).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作失败!')).toBeInTheDocument();
  });

  it('is not offered when no vehicle of the contract waits at the yard, or before the hand-over', async () => {
    pickupRows = [pickupRow(12, 'LSVAB1230RA200012', 'registry'), pickupRow(13, 'LSVAB1230RA200013', 'pickup', 70)];
    renderInfo();
    await screen.findByText('合同信息');
    await waitFor(() => expect(server.requests.some((request) => request.path === '/api/car/entryLists')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: /免入库/ })).not.toBeInTheDocument();
  });

  it('a contract not handed over yet does not ask the pickup list', async () => {
    server.on('GET /api/purchase/7', envelope(200, purchase({ handed_over: 0, handed_over_at: null })));
    renderInfo();
    await screen.findByText('合同信息');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.some((request) => request.path === '/api/car/entryLists')).toBe(false);
    expect(screen.queryByRole('button', { name: /免入库/ })).not.toBeInTheDocument();
  });

  it('变更记录 shows this purchase contract’s history', async () => {
    const remark = scriptRecordHistory(server, 'purchase', 7);
    renderInfo();
    await userEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(remark)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'purchase', id: '7', page: '1' }]);
  });
});
