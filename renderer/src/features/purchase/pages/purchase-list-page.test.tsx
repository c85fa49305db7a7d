import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseListItem } from '../../../../../contract/purchase';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PurchaseListPage } from './purchase-list-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const purchase = (id: number, purchaseNo: string, overrides: Partial<PurchaseListItem> = {}): PurchaseListItem => ({
  id,
  purchase_no: purchaseNo,
  type: 1,
  order_id: 9,
  order_no: 'HW-2026-009',
  customer_id: 4,
  customer_name: '杭州二手车行',
  amount: 2,
  total: 1234567.5,
  remit_total: 308641.88,
  remit_status: 0,
  handed_over: 0,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  car: [
    { id: 1, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', price: 600000, invoice: 1200, other: 300 },
    { id: 2, vin: 'LSVAB1230RA200002', model: '本田 雅阁', price: 634567.5, invoice: 0, other: 0 },
  ],
  ...overrides,
});

beforeEach(() => {
  const rows = [
    purchase(7, 'CG-2026-007'),
    purchase(8, 'CG-2026-008', { type: 2, order_id: null, order_no: null, remit_total: 0, car: [] }),
    purchase(9, 'CG-2026-009', { handed_over: 1 }),
  ];
  server.on('GET /api/purchase', (request) => {
    const number = request.query.get('purchase_no') ?? '';
    const found = rows.filter((row) => row.purchase_no.includes(number));
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 } });
  });
});

const listRequests = () => server.requests.filter((request) => request.path === '/api/purchase');
const rowOf = async (purchaseNo: string) => (await screen.findByText(purchaseNo, { selector: 'td' })).closest('tr')!;

describe('purchase contract list', () => {
  it('shows each contract as its card: type, number, customer, count, total, remitted(percent), time', async () => {
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    for (const text of ['新车', '杭州二手车行', '1,234,567.50', '308,641.88(25%)', '未完成'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('2', { selector: 'td' })).toBeInTheDocument();
    const used = await rowOf('CG-2026-008');
    expect(within(used).getByText('二手车')).toBeInTheDocument();
    expect(within(used).getByText('0.00(0%)')).toBeInTheDocument();
    // No overseas contract: nothing to hand over in a batch.
    expect(within(used).getByRole('button', { name: '采购合同 CG-2026-008 批量移交' })).toBeDisabled();
    expect(listRequests()[0]?.query.get('limit')).toBe('15');

    // The expansion: the vehicles with the purchase side's prices.
    await userEvent.click(within(row).getByRole('button', { name: /展开/ }));
    const cars = await screen.findByRole('table', { name: '采购合同 CG-2026-007 的车辆' });
    for (const text of ['LSVAB1230RA200001', '丰田 卡罗拉', '600,000.00', '1,200.00', '300.00'])
      expect(within(cars).getByText(text)).toBeInTheDocument();
  });

  it('sends the five filters with 搜索, and 重置 clears them', async () => {
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    await rowOf('CG-2026-007');
    await userEvent.type(screen.getByLabelText('采购合同号'), 'CG-2026-007');
    await userEvent.type(screen.getByLabelText('客户名称'), '杭州');
    await userEvent.type(screen.getByLabelText('车架号'), 'LSVAB1230RA200001');
    await userEvent.type(screen.getByLabelText('合同总额'), '1234567.5');
    await userEvent.click(screen.getByLabelText('打款状态'));
    await userEvent.click(await screen.findByTitle('已完成'));
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1));
    const query = listRequests().at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      purchase_no: 'CG-2026-007',
      name: '杭州',
      vin: 'LSVAB1230RA200001',
      total: '1234567.5',
      remit_status: '1',
      page: '1',
    });
    await waitFor(() => expect(screen.queryByText('CG-2026-008', { selector: 'td' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    // The unfiltered first page again (from the cache: no new request needed).
    expect(await rowOf('CG-2026-008')).toBeInTheDocument();
    expect(screen.getByLabelText('采购合同号')).toHaveValue('');
  });

  it('hands a contract over and lists the vehicles that stayed, with their reasons', async () => {
    server.on(
      'PUT /api/purchase/7/handOver',
      envelope(200, { moved: 1, kept: [{ vin: 'LSVAB1230RA200002', reason: '车辆已在入库流程中' }] }),
    );
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    await userEvent.click(within(row).getByRole('button', { name: '采购合同 CG-2026-007 移交入库' }));
    const confirm = (await screen.findByText('是否确定要将该业务移交入库流程?')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const kept = await screen.findByLabelText('未移交的车辆');
    expect(kept).toHaveTextContent('已移交 1 辆车');
    expect(kept).toHaveTextContent('LSVAB1230RA200002：车辆已在入库流程中');
    expect(screen.getAllByText('移交成功!').length).toBeGreaterThan(0);
    expect(
      server.requests.some((request) => request.method === 'PUT' && request.path === '/api/purchase/7/handOver'),
    ).toBe(true);
  });

  it('batch hand-over with nothing kept just says 移交成功!', async () => {
    server.on('PUT /api/purchase/7/batchHandOver', envelope(200, { moved: 2, kept: [] }));
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    await userEvent.click(within(row).getByRole('button', { name: '采购合同 CG-2026-007 批量移交' }));
    const confirm = (await screen.findByText('是否确定要将该海外合同下所有未移交的采购合同移交入库流程?')).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('移交成功!');
    expect(screen.queryByLabelText('未移交的车辆')).not.toBeInTheDocument();
  });

  it('批量移交 with 免入库 ticked sends the cars past the yard (no_entry=1); unticked it does not', async () => {
    server.on('PUT /api/purchase/7/batchHandOver', envelope(200, { moved: 2, kept: [] }));
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    const sent = () => server.requests.filter((request) => request.path === '/api/purchase/7/batchHandOver');
    const handOver = async (tick: boolean) => {
      const before = sent().length;
      await userEvent.click(within(row).getByRole('button', { name: '采购合同 CG-2026-007 批量移交' }));
      const confirms = await screen.findAllByText('是否确定要将该海外合同下所有未移交的采购合同移交入库流程?');
      const confirm = confirms.at(-1)!.closest('.ant-modal') as HTMLElement;
      const option = within(confirm).getByRole('checkbox', { name: '免入库：车辆不进场，直接移交车管（上牌/过户）' });
      expect(option).not.toBeChecked();
      if (tick) await userEvent.click(option);
      await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(sent()).toHaveLength(before + 1));
      return sent().at(-1);
    };
    expect((await handOver(true))?.query.get('no_entry')).toBe('1');
    expect((await handOver(false))?.query.get('no_entry')).toBeNull();
  });

  it('batch hand-over that moved nothing warns 没有可移交的车辆, never 移交成功!', async () => {
    server.on('PUT /api/purchase/7/batchHandOver', envelope(200, { moved: 0, kept: [] }, '移交成功!'));
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    await userEvent.click(within(row).getByRole('button', { name: '采购合同 CG-2026-007 批量移交' }));
    const confirm = (await screen.findByText('是否确定要将该海外合同下所有未移交的采购合同移交入库流程?')).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    const warning = (await screen.findAllByText('没有可移交的车辆'))[0]!.closest('.ant-modal') as HTMLElement;
    expect(warning.querySelector('.anticon-exclamation-circle')).not.toBeNull();
    expect(warning).toHaveTextContent('本次没有车辆移交入库：这些采购合同的车辆都已移交，或已不在采购环节。');
    expect(screen.queryByText('移交成功!')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('未移交的车辆')).not.toBeInTheDocument();
  });

  it('a hand-over that moved nothing lists the cars that stayed, with their reasons', async () => {
    server.on(
      'PUT /api/purchase/7/handOver',
      envelope(200, {
        moved: 0,
        kept: [
          { vin: 'LSVAB1230RA200001', reason: '当前在入库环节' },
          { vin: 'LSVAB1230RA200002', reason: '当前在入库环节' },
        ],
      }),
    );
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-007');
    await userEvent.click(within(row).getByRole('button', { name: '采购合同 CG-2026-007 移交入库' }));
    const confirm = (await screen.findByText('是否确定要将该业务移交入库流程?')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findAllByText('没有可移交的车辆');
    const kept = screen.getByLabelText('未移交的车辆');
    expect(kept).toHaveTextContent('LSVAB1230RA200001：当前在入库环节');
    expect(kept).toHaveTextContent('LSVAB1230RA200002：当前在入库环节');
    expect(kept).not.toHaveTextContent('已移交');
    expect(screen.queryByText('移交成功!')).not.toBeInTheDocument();
  });

  it('deletes after the irreversible-delete confirmation', async () => {
    server.on('DELETE /api/purchase/8', { status: 204, body: '' });
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-008');
    await userEvent.click(within(row).getByRole('button', { name: '删除采购合同 CG-2026-008' }));
    const confirm = (await screen.findByText('是否确定删除本条采购合同（本操作不可逆）？')).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功!');
    expect(server.requests.some((request) => request.method === 'DELETE' && request.path === '/api/purchase/8')).toBe(
      true,
    );
  });

  it('a contract already handed over cannot be deleted, and says why', async () => {
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const row = await rowOf('CG-2026-009');
    const remove = within(row).getByRole('button', { name: '删除采购合同 CG-2026-009' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('title', '该采购合同已有车辆移交入库，不能删除');
    expect(within(await rowOf('CG-2026-007')).getByRole('button', { name: '删除采购合同 CG-2026-007' })).toBeEnabled();
  });
});
