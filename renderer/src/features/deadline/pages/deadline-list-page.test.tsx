import { beforeEach, describe, expect, it } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeadlineRow } from '../../../../../contract/deadline';
import { captureDownloads, type CapturedDownloads } from '../../../components/download-capture';
import { installObjectUrlStandIn } from '../../../components/object-url-stand-in';
import { loadSettings } from '../../../stores/settings';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';
import { DeadlineListPage } from './deadline-list-page';

configure({ asyncUtilTimeout: 10_000 });

const server = scriptedApiForEachTest();
let downloads: CapturedDownloads;
let rows: DeadlineRow[];

const row = (overrides: Partial<DeadlineRow> & Pick<DeadlineRow, 'key' | 'label' | 'days_left'>): DeadlineRow => ({
  vehicle_id: 5,
  order_id: 9,
  vin: 'LSVAB1230RA200005',
  order_no: 'HW-2026-009',
  started_on: '2026-10-01',
  due_on: '2026-11-30',
  balance: null,
  currency: null,
  ...overrides,
});

const lists = () => server.requests.filter((request) => request.path === '/api/deadline');
const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td, td *' })).closest('tr')!;

beforeEach(async () => {
  localStorage.clear();
  await loadSettings();
  installObjectUrlStandIn();
  downloads = captureDownloads();
  rows = [
    row({ key: 'temp_plate', label: '临时牌照到期', days_left: -3, due_on: '2026-11-24' }),
    row({
      key: 'receipt',
      label: '收款',
      days_left: 0,
      vehicle_id: null,
      vin: null,
      order_id: 12,
      order_no: 'HW-2026-012',
      balance: '12500.50',
      currency: 'USD',
    }),
    row({ key: 'registry', label: '上牌/过户', days_left: 5, vehicle_id: 6, vin: 'LSVAB1230RA200006' }),
    row({ key: 'drawback', label: '退税申报', days_left: 7, vehicle_id: 7, vin: 'LSVAB1230RA200007' }),
  ];
  server.on('GET /api/deadline', (request) => {
    const key = request.query.get('key');
    const found = rows.filter((each) => !key || each.key === key);
    return envelope(200, { data: found, meta: { total: found.length, page: 1, limit: 15 }, total: found.length });
  });
  server.on('GET /api/deadline/export', envelope(200, { download_url: '/storage/exports/2026/11/deadlines.xlsx' }));
  server.on('GET /storage/exports/2026/11/deadlines.xlsx', { status: 200, body: 'PK\u0003\u0004deadlines' });
});

describe('到期提醒 list', () => {
  it('shows each deadline with its tag, a contract’s balance in its currency, 15 a page', async () => {
    renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    const late = await rowOf('LSVAB1230RA200005');
    expect(within(late).getByText('临时牌照到期')).toBeInTheDocument();
    expect(within(late).getByText('逾期 3 天')).toBeInTheDocument();
    expect(within(late).getByText('2026-11-24')).toBeInTheDocument();
    const receipt = await rowOf('HW-2026-012');
    expect(within(receipt).getByText('今天到期')).toBeInTheDocument();
    expect(within(receipt).getByText('12,500.50 USD')).toBeInTheDocument();
    expect(within(await rowOf('LSVAB1230RA200006')).getByText('还剩 5 天')).toBeInTheDocument();
    expect(lists()[0]?.query.get('limit')).toBe('15');
    // The server's default (every open deadline, late first): no state sent.
    expect(lists()[0]?.query.get('state')).toBeNull();
  });

  it('opens the car’s file from its VIN and the contract from a receipt row’s number', async () => {
    const view = renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    expect(await screen.findByRole('link', { name: 'LSVAB1230RA200005' })).toHaveAttribute('href', '/vehicle/5');
    await userEvent.click(screen.getByRole('link', { name: 'HW-2026-012' }));
    await waitFor(() => expect(view.location()).toBe('/overseas/info/12'));
  });

  it('takes the dashboard’s ?state=overdue as its first search, shown in the filter', async () => {
    renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list?state=overdue'] });
    await waitFor(() => expect(lists()[0]?.query.get('state')).toBe('overdue'));
    const filters = screen.getByRole('search', { name: '到期提醒筛选' });
    expect(within(filters).getByText('已逾期')).toBeInTheDocument();
  });

  it('starts again from a new ?state= while open (the bell clicked on the list itself)', async () => {
    const view = renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list?state=soon'] });
    await waitFor(() => expect(lists().at(-1)?.query.get('state')).toBe('soon'));
    await act(() => view.router.navigate('/deadline/list?state=overdue'));
    await waitFor(() => expect(lists().at(-1)?.query.get('state')).toBe('overdue'));
    expect(within(screen.getByRole('search', { name: '到期提醒筛选' })).getByText('已逾期')).toBeInTheDocument();
  });

  it('searches by rule, contract and VIN, and exports with the same filters', async () => {
    renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    await rowOf('LSVAB1230RA200005');
    const filters = screen.getByRole('search', { name: '到期提醒筛选' });
    await userEvent.click(within(filters).getByLabelText('期限'));
    await userEvent.click(await screen.findByTitle('临时牌照到期'));
    await userEvent.type(within(filters).getByLabelText('海外合同号'), 'HW-2026');
    await userEvent.type(within(filters).getByLabelText('车架号'), '200005');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    const sent = { key: 'temp_plate', order_no: 'HW-2026', vin: '200005' };
    await waitFor(() => expect(Object.fromEntries(lists().at(-1)!.query)).toEqual({ ...sent, page: '1', limit: '15' }));
    await waitFor(() => expect(screen.queryByText('LSVAB1230RA200006')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const exportCall = server.requests.find((request) => request.path === '/api/deadline/export')!;
    expect(Object.fromEntries(exportCall.query)).toEqual(sent);
    expect(downloads.saved[0]?.name).toMatch(/^到期提醒-\d{8}\.xlsx$/);
  }, 60_000);

  it('opens the form that ends each clock, with its car or contract', async () => {
    rows.push(row({ key: 'freight', label: '运费', days_left: 2, vehicle_id: 8, vin: 'LSVAB1230RA200008' }));
    server.on(
      'GET /api/vehicle/8/file',
      envelope(
        200,
        vehicleFileAnswer(
          { id: 8, vin: 'LSVAB1230RA200008', flow: 'filing', freight: 1 },
          {
            stages: [
              {
                stage: 'freight',
                label: '运费',
                value: 1,
                record_id: 88,
                done_at: '2026-11-20T09:00:00',
                done_by: '李四',
                updated_at: '2026-11-20T09:00:00.000+08:00',
              },
            ],
          },
        ),
      ),
    );
    server.on(
      'GET /api/vehicle/6/file',
      envelope(200, vehicleFileAnswer({ id: 6, vin: 'LSVAB1230RA200006', car_type: 2 })),
    );
    const view = renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    await userEvent.click(await screen.findByRole('button', { name: '出口报关 LSVAB1230RA200005' }));
    await waitFor(() => expect(view.location()).toBe('/release/letout_add?vehicle=5'));

    view.router.navigate('/deadline/list');
    // A used car at the registry is transferred, not plated: the car's file says which.
    await userEvent.click(await screen.findByRole('button', { name: '上牌/过户 LSVAB1230RA200006' }));
    await waitFor(() => expect(view.location()).toBe('/dmv/transfer_add?vehicle=6'));

    view.router.navigate('/deadline/list');
    await userEvent.click(await screen.findByRole('button', { name: '退税 LSVAB1230RA200007' }));
    await waitFor(() => expect(view.location()).toBe('/filed/tax_add/9?vehicle=7'));

    // Freight recorded without all its documents: its record is completed, not a new one added.
    view.router.navigate('/deadline/list');
    await userEvent.click(await screen.findByRole('button', { name: '运费 LSVAB1230RA200008' }));
    await waitFor(() => expect(view.location()).toBe('/filed/freight_edit/9/88'));

    view.router.navigate('/deadline/list');
    await userEvent.click(await screen.findByRole('button', { name: '收款 HW-2026-012' }));
    await waitFor(() => expect(view.location()).toBe('/overseas/info/12'));
  }, 60_000);

  it('opens a plating saved without all its documents in its edit form, not a new one', async () => {
    rows.push(row({ key: 'registry', label: '上牌/过户', days_left: -1, vehicle_id: 10, vin: 'LSVAB1230RA200010' }));
    server.on(
      'GET /api/vehicle/10/file',
      envelope(
        200,
        vehicleFileAnswer(
          { id: 10, vin: 'LSVAB1230RA200010', flow: 'registry', plate: 1 },
          {
            stages: [
              {
                stage: 'plate',
                label: '上牌',
                value: 1,
                record_id: 501,
                done_at: '2026-11-20T09:00:00',
                done_by: '李四',
                updated_at: '2026-11-20T09:00:00.000+08:00',
              },
            ],
          },
        ),
      ),
    );
    const view = renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    await userEvent.click(await screen.findByRole('button', { name: '上牌/过户 LSVAB1230RA200010' }));
    await waitFor(() => expect(view.location()).toBe('/dmv/lincense_edit/501'));
  });

  it('says nothing is due when the list is empty', async () => {
    rows = [];
    renderInApp(<DeadlineListPage />, { initialEntries: ['/deadline/list'] });
    expect(await screen.findByText('没有已逾期或 7 天内到期的事项')).toBeInTheDocument();
  });
});
