import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../../../contract/overseas';
import type { ProcedureRead, PurchaseListsItem } from '../../../../../contract/filed-business-info';
import type { Purchase } from '../../../../../contract/purchase';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { BusinessInfoPage } from './business-info-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const vin = (id: number) => `LSVAB1230RA2000${String(id).padStart(2, '0')}`;
const at = '2026-11-20T09:00:00.000+08:00';
const file = (name: string) => `/storage/image/2026/11/${name}`;

const receipt = {
  id: 40,
  order_id: 5,
  amount: 20000,
  currency: 'USD' as const,
  receipt_no: 'SK-001',
  receipted_at: '2026-11-18',
  remitter: 'Almaty Motors',
  settlement: 140000,
  actual_total: null,
  registered_address: null,
  proof: file('proof.jpg'),
  receipt: null,
  is_deposit: 0 as const,
  created_at: at,
  updated_at: '2026-11-20T09:00:00.456+08:00',
};

let order: Order;
const makeOrder = (): Order => ({
  id: 5,
  order_no: 'HW-2026-005',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer_address: 'Almaty, Abai Ave 10',
  customer_contact_way: '+7 700 000 0000',
  customer_country: '哈萨克斯坦',
  type_id: 1,
  customer: null,
  agent_id: null,
  agent_name: '李代理',
  amount: 2,
  currency: 'USD',
  total: 45000,
  receipt_total: 20000,
  status: 6,
  contracts: [file('contract.pdf')],
  agreement_no: 'DF-001',
  agreement: file('agreement.pdf'),
  created_at: at,
  updated_at: at,
  cars: [11, 12].map((id) => ({ id, vin: vin(id), model: '丰田 卡罗拉', order_price: 22500, invoice: 0, other: 0 })),
  receipts: [receipt],
  drawback: [{ id: 2, order_id: 5, created_at: at, drawbackcar: [{ car_id: 11, vin: vin(11) }] }],
  archive: [],
  freight: [],
});

/** Vehicle 11 went through every stage; vehicle 12 is only on the contract. */
const walked = (): ProcedureRead => ({
  car: {
    id: 11,
    vin: vin(11),
    model: '丰田 卡罗拉',
    order_id: 5,
    purchase_id: 8,
    flow: 'filing',
    entry: 2,
    plate: 2,
    release: 2,
    transfer: 0,
    exports: 2,
    drawback: 2,
    archive: 0,
    freight: 0,
    created_at: at,
  },
  order,
  purchase: [8],
  entry: [
    {
      id: 3,
      entry_id: 3,
      car_id: 11,
      vin: vin(11),
      dl_name: '王代理',
      remark: '左后门轻微划痕',
      wg_image: file('exterior.png'),
      vin_image: file('vin.jpg'),
      car_image: [file('left.png')],
      carimage: [{ image_url: file('left.png') }],
      order_id: 5,
      purchase_id: 8,
      purchase_no: 'CG-008',
      customer_name: '卖方',
      amount: 1,
      created_at: at,
      updated_at: at,
    },
  ],
  release: [],
  plate: [],
  transfer: [],
  exports: [
    {
      id: 9,
      exports_id: 9,
      order_id: 5,
      order_no: 'HW-2026-005',
      order: [{ id: 5, order_no: 'HW-2026-005' }],
      purchase_id: 8,
      exportscar: [{ car_id: 11, vin: vin(11), model: '丰田 卡罗拉' }],
      currency: 'USD',
      bgd_sn: '310120260001234567',
      exports_date: '2026-11-20',
      exports_money: 12345.67,
      xkz_image: file('licence.pdf'),
      bgzl_image: null,
      bgd_image: null,
      td_image: null,
      jcbg_image: null,
      hgfxtz_image: null,
      car_image: [],
      carimage: [],
      rate: 17,
      created_at: at,
      updated_at: at,
    },
  ],
  drawback: order.drawback,
  archive: [],
  freight: [],
});

const bare = (): ProcedureRead => ({
  ...walked(),
  car: { ...walked().car, id: 12, vin: vin(12), purchase_id: null, flow: null, entry: 0, exports: 0, drawback: 0 },
  purchase: [],
  entry: [],
  exports: [],
  drawback: [],
});

const purchase: Purchase = {
  id: 8,
  purchase_no: 'CG-008',
  type: 2,
  order_id: 5,
  order_no: 'HW-2026-005',
  customer_id: 4,
  customer_name: '北京二手车行',
  amount: 1,
  total: 150000,
  remit_total: 50000,
  remit_status: 0,
  handed_over: 1,
  created_at: at,
  updated_at: at,
  car: [{ id: 11, vin: vin(11), model: '丰田 卡罗拉', price: 148000, invoice: 1500, other: 500 }],
  customer_address: null,
  customer_contact_way: null,
  customer_type_id: 1,
  customer_type: '销外客户',
  contracts: [],
  handed_over_at: at,
  remit: [{ id: 1, purchase_id: 8, amount: 50000, currency: 'CNY', bank_slips: file('slip.jpg'), created_at: at }],
};

const purchaseLists: PurchaseListsItem[] = [
  { id: 8, purchase_no: 'CG-008', type: 2, customer_name: '北京二手车行', car_count: 1, created_at: at },
  { id: 9, purchase_no: 'CG-009', type: 1, customer_name: '上海新车行', car_count: 1, created_at: at },
];

beforeEach(() => {
  order = makeOrder();
  server.on('GET /api/order/5', () => envelope(200, order));
  server.on('GET /api/car/procedureRead', (request) =>
    envelope(200, request.query.get('procedureId') === '12' ? bare() : walked()),
  );
  server.on('GET /api/car/getPurchaseLists', envelope(200, purchaseLists));
  server.on('GET /api/purchase/8', envelope(200, purchase));
  server.on(
    'GET /api/purchase/9',
    envelope(200, { ...purchase, id: 9, purchase_no: 'CG-009', type: 1, customer_name: '上海新车行', remit: [] }),
  );
});

const renderPage = (entry = '/filed/info/5?car=11') =>
  renderInApp(<BusinessInfoPage />, { path: '/filed/info/:order_id', initialEntries: [entry] });

const tab = (name: string) => screen.getByRole('tab', { name });
const disabled = (name: string) => tab(name).getAttribute('aria-disabled') === 'true';

describe('business information (业务信息)', { timeout: 60_000 }, () => {
  it('shows the header and the overseas tab; tabs without records are disabled', async () => {
    renderPage();
    expect(await screen.findByText('合同编号')).toBeInTheDocument();
    expect(screen.getByText('客户名称')).toBeInTheDocument();
    expect(screen.getByLabelText('选择车辆')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: '海外合同' })).toBeInTheDocument());
    // The picker holds the vehicle of ?car=.
    expect(document.querySelector('.business-info-car-picker')?.textContent).toContain(vin(11));
    expect(screen.getByText('DF-001')).toBeInTheDocument();
    expect(screen.getByText('李代理')).toBeInTheDocument();
    expect(screen.getByText('哈萨克斯坦')).toBeInTheDocument();
    expect(within(screen.getByLabelText('收款记录')).getByText('SK-001')).toBeInTheDocument();

    expect(disabled('海外合同')).toBe(false);
    expect(disabled('采购合同')).toBe(false);
    expect(disabled('出入库')).toBe(false);
    expect(disabled('上牌过户')).toBe(true);
    expect(disabled('出口报关')).toBe(false);
    expect(disabled('归档')).toBe(false);
  });

  it('walks the tabs: purchase contract, check-in, export declaration, closing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: '采购合同' }));
    expect(await screen.findByText('北京二手车行')).toBeInTheDocument();
    expect(screen.getByText('二手车合同')).toBeInTheDocument();
    expect(within(screen.getByLabelText('打款记录')).getByText('50,000.00')).toBeInTheDocument();
    expect(within(screen.getByLabelText('车辆信息')).getByText('1,500.00')).toBeInTheDocument();
    // The other purchase contract of the overseas contract, picked.
    await userEvent.click(screen.getByLabelText('选择采购合同'));
    await userEvent.click(await screen.findByTitle('新车 CG-009（上海新车行，本合同车辆 1 台）'));
    expect(await screen.findByText('新车合同')).toBeInTheDocument();
    expect(screen.getByText('暂无打款记录')).toBeInTheDocument();

    await userEvent.click(tab('出入库'));
    const checkIn = await screen.findByLabelText('入库记录');
    expect(within(checkIn).getByText('王代理')).toBeInTheDocument();
    expect(within(checkIn).getByText('左后门轻微划痕')).toBeInTheDocument();
    expect(screen.getByText('暂无出库记录')).toBeInTheDocument();

    await userEvent.click(tab('出口报关'));
    const declaration = await screen.findByLabelText('出口报关 9');
    expect(within(declaration).getByText('310120260001234567')).toBeInTheDocument();
    expect(within(declaration).getByText('12,345.67 USD')).toBeInTheDocument();
    // Read-only here: the record is edited from the release detail.
    expect(within(declaration).queryByText(/编\s*辑/)).not.toBeInTheDocument();

    await userEvent.click(tab('归档'));
    expect(await screen.findByLabelText('退税记录 1')).toBeInTheDocument();
  });

  it('switches the vehicle with the picker and writes ?car=; a vehicle with nothing keeps only the overseas tab', async () => {
    const { location } = renderPage('/filed/info/5');
    // Without ?car= the contract's first vehicle.
    await waitFor(() => expect(disabled('出口报关')).toBe(false));
    await userEvent.click(tab('出口报关'));
    await screen.findByLabelText('出口报关 9');

    await userEvent.click(screen.getByLabelText('选择车辆'));
    await userEvent.click(await screen.findByTitle(vin(12)));
    await waitFor(() => expect(location()).toBe('/filed/info/5?car=12'));
    await waitFor(() => expect(disabled('出口报关')).toBe(true));
    expect(disabled('采购合同')).toBe(true);
    expect(disabled('出入库')).toBe(true);
    expect(disabled('归档')).toBe(true);
    // The open tab had nothing for this vehicle: the overseas tab shows.
    expect(tab('海外合同').getAttribute('aria-selected')).toBe('true');
    expect(server.requests.some((request) => request.query.get('procedureId') === '12')).toBe(true);
  });

  it('links the chosen vehicle to its vehicle file, and follows the picker', async () => {
    const { location } = renderPage();
    const file = await screen.findByRole('link', { name: '打开该车辆的车辆档案' });
    expect(file).toHaveAttribute('href', '/vehicle/11');
    await userEvent.click(screen.getByLabelText('选择车辆'));
    await userEvent.click(await screen.findByTitle(vin(12)));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '打开该车辆的车辆档案' })).toHaveAttribute('href', '/vehicle/12'),
    );
    await userEvent.click(screen.getByRole('link', { name: '打开该车辆的车辆档案' }));
    await waitFor(() => expect(location()).toBe('/vehicle/12'));
  });

  it('says so when ?car= is not a vehicle of the contract, and shows the first', async () => {
    renderPage('/filed/info/5?car=99');
    expect(await screen.findByText('该车辆不属于此海外合同，已显示合同的第一辆车')).toBeInTheDocument();
    await waitFor(() => expect(disabled('出口报关')).toBe(false));
  });

  it('edits a receipt from the overseas tab with the contract detail’s dialog and reads again', async () => {
    server.on('PUT /api/receipt/40', (request) => {
      const body = request.body as { receipt_no: string };
      order = { ...order, receipts: [{ ...receipt, receipt_no: body.receipt_no }] };
      return envelope(200, { ...receipt, receipt_no: body.receipt_no }, '编辑成功');
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText('编辑收款 SK-001'));
    const dialog = await screen.findByRole('dialog');
    const receiptNo = within(dialog).getByLabelText('收款单号');
    await userEvent.clear(receiptNo);
    await userEvent.type(receiptNo, 'SK-002');
    await userEvent.click(
      within(dialog)
        .getByText(/确\s*定/)
        .closest('button') as HTMLElement,
    );
    await screen.findByText('编辑成功');
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      receipt_no: 'SK-002',
      updated_at: receipt.updated_at,
    });
    await waitFor(() => expect(within(screen.getByLabelText('收款记录')).getByText('SK-002')).toBeInTheDocument());
  });

  it('says the contract does not exist for a bad id', async () => {
    renderPage('/filed/info/abc');
    expect(await screen.findByText('该海外合同不存在或已被删除')).toBeInTheDocument();
  });
});
