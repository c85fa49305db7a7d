import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FiledArchiveRecord, FiledFreightRecord } from '../../../../../contract/filed';
import type { Order } from '../../../../../contract/overseas';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { DeregistrationFormPage, FreightFormPage, TaxRefundPage } from './filing-form-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vin = (id: number) => `LSVAB1230RA2000${String(id).padStart(2, '0')}`;
const waiting = [11, 12, 13].map((id) => ({ id, vin: vin(id), model: '丰田 卡罗拉' }));

const order: Order = {
  id: 5,
  order_no: 'HW-2026-005',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer_address: null,
  customer_contact_way: null,
  customer_country: null,
  type_id: 1,
  customer: { id: 3, name: 'Almaty Motors' } as Order['customer'],
  agent_id: null,
  agent_name: null,
  amount: 5,
  currency: 'USD',
  total: 45000,
  receipt_total: 0,
  status: 2,
  contracts: [],
  agreement_no: null,
  agreement: null,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.000+08:00',
  cars: [11, 12, 13, 21].map((id) => ({
    id,
    vin: vin(id),
    model: '丰田 卡罗拉',
    order_price: 9000,
    invoice: 0,
    other: 0,
  })),
  receipts: [],
  drawback: [],
  archive: [],
  freight: [],
};

const archiveRecord = (overrides: Partial<FiledArchiveRecord> = {}): FiledArchiveRecord => ({
  id: 7,
  archive_id: 7,
  order_id: 5,
  order_no: 'HW-2026-005',
  customer_name: 'Almaty Motors',
  archivecar: [{ car_id: 21, vin: vin(21), model: '本田 雅阁' }],
  zxzm_image: '/storage/document/2026/11/注销证明.pdf',
  created_at: '2026-11-22T09:00:00.000+08:00',
  updated_at: '2026-11-22T09:30:00.000+08:00',
  ...overrides,
});

const freightRecord = (overrides: Partial<FiledFreightRecord> = {}): FiledFreightRecord => ({
  id: 8,
  freight_id: 8,
  order_id: 5,
  order_no: 'HW-2026-005',
  customer_name: 'Almaty Motors',
  freightcar: [{ car_id: 21, vin: vin(21), model: '本田 雅阁' }],
  freight_money: null,
  yffp_image: '/storage/document/2026/11/运费发票.pdf',
  yffkd_image: null,
  car_image: [],
  carimage: [],
  created_at: '2026-11-22T09:00:00.000+08:00',
  updated_at: '2026-11-22T09:30:00.000+08:00',
  ...overrides,
});

beforeEach(() => {
  server.on('GET /api/order/5', envelope(200, order));
  server.on('GET /api/car/carLists', envelope(200, waiting));
  let uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, {
      url: `/storage/document/2026/11/upload-${uploads}.pdf`,
      name: `upload-${uploads}.pdf`,
      size: 10,
    });
  });
});

// Text queries, not role queries: a form page is a large tree for jsdom's role walk.
const button = (text: RegExp | string) => screen.getByText(text).closest('button') as HTMLElement;
const save = () => userEvent.click(button(/^保\s*存$/));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const writes = () => server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/upload');
const pane = (side: 'left' | 'right') =>
  document.querySelectorAll('.ant-transfer-section')[side === 'left' ? 0 : 1] as HTMLElement;
const vinsIn = (side: 'left' | 'right') =>
  Array.from(pane(side).querySelectorAll('.vehicle-transfer-vin'), (node) => node.textContent);
const choose = async (...ids: number[]) => {
  for (const id of ids) await userEvent.click(screen.getByText(vin(id)).closest('li') as HTMLElement);
  await userEvent.click(button('加入'));
};
/** Moves chosen vehicles back to the left pane. */
const giveBack = async (...ids: number[]) => {
  for (const id of ids) await userEvent.click(screen.getByText(vin(id)).closest('li') as HTMLElement);
  await userEvent.click(button('移出'));
};
const allWaiting = waiting.map((car) => car.vin);
const scan = (name: string) => new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });

const renderPage = (element: ReactElement, path: string, entry: string) =>
  renderInApp(element, { path, initialEntries: ['/filed/list', entry] });

describe('tax refund (/filed/tax_add)', { timeout: 60_000 }, () => {
  it('shows the contract’s head with every waiting vehicle chosen, says 请先选择要退税的车辆 when none is, then refunds the chosen', async () => {
    server.on('POST /api/car/drawbackAdd', envelope(200, { id: 3 }, '新建成功'));
    const { location } = renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5');
    // The filed card's 退税: the contract's waiting vehicles all chosen, as clerks refund a contract at once.
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    expect(vinsIn('left')).toEqual([]);
    // The empty left pane says they are all chosen, not that none waits.
    expect(within(pane('left')).getByText('车辆都已选择，不需要的请从右侧移出')).toBeInTheDocument();
    expect(screen.getByText('HW-2026-005')).toBeInTheDocument();
    expect(screen.getByText('Almaty Motors')).toBeInTheDocument();
    expect(screen.getByText('共采购 4 台')).toBeInTheDocument();
    expect(screen.getByText('待退税车辆')).toBeInTheDocument();
    expect(screen.getByText('已选择')).toBeInTheDocument();
    const asked = server.requests.find(
      (request) => request.path === '/api/car/carLists' && request.query.has('if_drawback'),
    );
    expect(asked?.query.get('order_id')).toBe('5');
    expect(asked?.query.get('if_drawback')).toBe('1');

    await giveBack(11, 12, 13);
    expect(vinsIn('right')).toEqual([]);
    expect(within(pane('left')).queryByText('车辆都已选择，不需要的请从右侧移出')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(errors()).toEqual(['请先选择要退税的车辆']));
    expect(writes()).toHaveLength(0);

    await choose(11, 13);
    expect(vinsIn('right')).toEqual([vin(11), vin(13)]);
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({ path: '/api/car/drawbackAdd', body: { order_id: 5, vin: [vin(11), vin(13)] } });
    await waitFor(() => expect(location()).toBe('/filed/list'), { timeout: 3000 });
  });

  it('offers 继续录入注销 (保存并录入注销) while the contract has vehicles waiting for deregistration: it saves and opens 注销 in its place', async () => {
    server.on('POST /api/car/drawbackAdd', envelope(200, { id: 3 }, '新建成功'));
    const { location } = renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    const next = (await screen.findByText('继续录入注销')).closest('button') as HTMLElement;
    expect(next).toHaveAttribute('title', '保存并录入注销');
    await userEvent.click(next);
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({ path: '/api/car/drawbackAdd', body: { order_id: 5, vin: allWaiting } });
    await waitFor(() => expect(location()).toBe('/filed/freeze_add/5'));
  });

  it('offers no next step when none of the contract’s vehicles waits for it, nor on the freight form', async () => {
    server.on('GET /api/car/carLists', (request) => envelope(200, request.query.has('if_archive') ? [] : waiting));
    const first = renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    await waitFor(() => expect(server.requests.some((request) => request.query.get('if_archive') === '1')).toBe(true));
    expect(screen.queryByText('继续录入注销')).not.toBeInTheDocument();
    first.unmount();
    renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    expect(screen.queryByText(/继续录入/)).not.toBeInTheDocument();
  });

  it('starts with the car of ?vehicle= (the vehicle file’s 退税) chosen', async () => {
    renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5?vehicle=13');
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(13)]));
    expect(vinsIn('left')).toEqual([vin(11), vin(12)]);
  });

  it('does the same on the deregistration and freight forms', async () => {
    const first = renderPage(
      <DeregistrationFormPage />,
      '/filed/freeze_add/:order_id',
      '/filed/freeze_add/5?vehicle=12',
    );
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(12)]));
    first.unmount();
    renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5?vehicle=11');
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(11)]));
  });

  it('leaves the choice empty when the linked car does not wait for the record', async () => {
    renderPage(<DeregistrationFormPage />, '/filed/freeze_add/:order_id', '/filed/freeze_add/5?vehicle=99');
    await waitFor(() => expect(vinsIn('left')).toHaveLength(3));
    expect(vinsIn('right')).toEqual([]);
  });

  it('keeps the choice and shows the server’s reason when it refuses', async () => {
    server.on('POST /api/car/drawbackAdd', envelope(409, null, `车辆 ${vin(12)} 已有退税记录，请编辑原记录`));
    renderPage(<TaxRefundPage />, '/filed/tax_add/:order_id', '/filed/tax_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    await save();
    await waitFor(() =>
      expect(document.querySelector('.ant-alert-error')).toHaveTextContent(
        `车辆 ${vin(12)} 已有退税记录，请编辑原记录`,
      ),
    );
    expect(vinsIn('right')).toEqual(allWaiting);
  });
});

describe('deregistration (/filed/freeze_add, /filed/freeze_edit)', { timeout: 60_000 }, () => {
  it('asks for the vehicles and the certificate, then saves both', async () => {
    server.on('POST /api/car/archiveAdd', envelope(200, { id: 9 }, '新建成功'));
    renderPage(<DeregistrationFormPage />, '/filed/freeze_add/:order_id', '/filed/freeze_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    expect(
      server.requests.some(
        (request) => request.path === '/api/car/carLists' && request.query.get('if_archive') === '1',
      ),
    ).toBe(true);
    expect(screen.getByText('待注销车辆')).toBeInTheDocument();
    await giveBack(11, 12, 13);
    await save();
    await waitFor(() => expect(errors()).toEqual(['请先选择要注销的车辆', '请上传注销证明']));
    expect(writes()).toHaveLength(0);

    await choose(12);
    await userEvent.upload(screen.getByLabelText('注销证明'), scan('注销证明.pdf'));
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/upload')).toHaveLength(1));
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/archiveAdd',
      body: { order_id: 5, vin: [vin(12)], zxzm_image: '/storage/document/2026/11/upload-1.pdf' },
    });
  });

  it('edits a record: its own vehicle chosen beside the waiting ones, the read updated_at sent', async () => {
    server.on('GET /api/car/archiveSingle', envelope(200, archiveRecord()));
    server.on('POST /api/car/archiveEdit', envelope(200, { id: 7 }, '编辑成功'));
    renderPage(<DeregistrationFormPage />, '/filed/freeze_edit/:order_id/:id', '/filed/freeze_edit/5/7');
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(21)]));
    expect(vinsIn('left')).toEqual(waiting.map((car) => car.vin));
    expect(screen.getByText('编辑注销')).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/car/archiveSingle')?.query.get('archiveId')).toBe(
      '7',
    );
    await choose(11);
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/archiveEdit',
      body: {
        archive_id: 7,
        order_id: 5,
        vin: [vin(21), vin(11)],
        zxzm_image: '/storage/document/2026/11/注销证明.pdf',
        updated_at: '2026-11-22T09:30:00.000+08:00',
      },
    });
  });

  it('offers the latest record after a stale save, and loads it', async () => {
    let changedMeanwhile = false;
    server.on('GET /api/car/archiveSingle', () => {
      return envelope(
        200,
        !changedMeanwhile
          ? archiveRecord()
          : archiveRecord({
              archivecar: [{ car_id: 13, vin: vin(13), model: '丰田 卡罗拉' }],
              updated_at: '2026-11-23T08:00:00.000+08:00',
            }),
      );
    });
    server.on('POST /api/car/archiveEdit', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    renderPage(<DeregistrationFormPage />, '/filed/freeze_edit/:order_id/:id', '/filed/freeze_edit/5/7');
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(21)]));
    await choose(11);
    changedMeanwhile = true;
    await save();
    await screen.findByText('放弃修改并载入最新内容');
    expect(vinsIn('right')).toEqual([vin(21), vin(11)]);
    await userEvent.click(button('放弃修改并载入最新内容'));
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(13)]));
  });

  it('says a record that does not exist is missing', async () => {
    server.on('GET /api/car/archiveSingle', envelope(404, null, '记录不存在'));
    renderPage(<DeregistrationFormPage />, '/filed/freeze_edit/:order_id/:id', '/filed/freeze_edit/5/99');
    expect(await screen.findByText('该注销记录不存在或已被删除')).toBeInTheDocument();
  });
});

describe('freight (/filed/freight_add, /filed/freight_edit)', { timeout: 60_000 }, () => {
  it('saves the vehicles with the invoice and the payment slip', async () => {
    server.on('POST /api/car/freightAdd', envelope(200, { id: 4 }, '新建成功'));
    renderPage(<FreightFormPage />, '/filed/freight_add/:order_id', '/filed/freight_add/5');
    await waitFor(() => expect(vinsIn('right')).toEqual(allWaiting));
    expect(server.requests.find((request) => request.path === '/api/car/carLists')?.query.get('if_freight')).toBe('1');
    for (const label of ['运费发票', '运费付款单', '其他照片']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('运费发票和运费付款单都上传后，运费才算完成')).toBeInTheDocument();

    // One car's freight goes on another invoice.
    await giveBack(13);
    expect(vinsIn('right')).toEqual([vin(11), vin(12)]);
    await userEvent.upload(screen.getByLabelText('运费发票'), scan('运费发票.pdf'));
    await userEvent.upload(screen.getByLabelText('运费付款单'), scan('付款单.pdf'));
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/upload')).toHaveLength(2));
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/freightAdd',
      body: {
        order_id: 5,
        vin: [vin(11), vin(12)],
        yffp_image: '/storage/document/2026/11/upload-1.pdf',
        yffkd_image: '/storage/document/2026/11/upload-2.pdf',
        car_image: [],
      },
    });
  });

  it('edits a freight record filled from what it read', async () => {
    server.on('GET /api/car/freightSingle', envelope(200, freightRecord()));
    server.on('POST /api/car/freightEdit', envelope(200, { id: 8 }, '编辑成功'));
    renderPage(<FreightFormPage />, '/filed/freight_edit/:order_id/:id', '/filed/freight_edit/5/8');
    await waitFor(() => expect(vinsIn('right')).toEqual([vin(21)]));
    expect(screen.getByText('编辑运费')).toBeInTheDocument();
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/freightEdit',
      body: {
        freight_id: 8,
        order_id: 5,
        vin: [vin(21)],
        yffp_image: '/storage/document/2026/11/运费发票.pdf',
        yffkd_image: '',
        car_image: [],
        updated_at: '2026-11-22T09:30:00.000+08:00',
      },
    });
  });
});
