import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../../../contract/overseas';
import type { ExportsRecord } from '../../../../../contract/release-exports';
import type { CarListItem } from '../../../../../contract/vehicle';
import { renderInApp } from '../../../testing/render-app';
import { envelope, type SeenRequest } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { vehicleFileAnswer } from '../../../testing/vehicle-file-answer';
import { ExportsFormPage } from './exports-form-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const contracts = [
  { id: 1, order_no: 'HW-2026-001', customer_name: '迪拜汽车贸易' },
  { id: 2, order_no: 'HW-2026-002', customer_name: '阿拉木图车行' },
];
const carOf = (id: number, model = '丰田 卡罗拉'): CarListItem => ({
  id,
  vin: `LSVAB1230RA2000${String(id).padStart(2, '0')}`,
  model,
});
const waitingOf: Record<string, CarListItem[]> = {
  '1': [carOf(11), carOf(12), carOf(13, '本田 雅阁')],
  '2': [carOf(31, '大众 帕萨特')],
};

beforeEach(() => {
  server.on('GET /api/order/search', (request: SeenRequest) => {
    const text = request.query.get('order_no') ?? '';
    return envelope(
      200,
      contracts.filter((contract) => contract.order_no.includes(text)),
    );
  });
  server.on('GET /api/car/carLists', (request: SeenRequest) =>
    envelope(200, waitingOf[request.query.get('order_id') ?? ''] ?? []),
  );
  let uploads = 0;
  server.on('POST /api/upload', () => {
    uploads += 1;
    return envelope(200, { url: `/storage/file/2026/11/doc-${uploads}.pdf`, name: `doc-${uploads}.pdf`, size: 10 });
  });
});

const renderAdd = () =>
  renderInApp(<ExportsFormPage />, {
    path: '/release/letout_add',
    initialEntries: ['/release/list', '/release/letout_add'],
  });
const renderEdit = (entry = '/release/letout_edit/1/40') =>
  renderInApp(<ExportsFormPage />, {
    path:
      entry.split('/').length === 6 ? '/release/letout_edit/:order_id/:p_id/:id' : '/release/letout_edit/:order_id/:id',
    initialEntries: ['/release/list', entry],
  });

// Text queries, not role queries: a form page is a large tree for jsdom's role walk.
const button = (text: RegExp | string) => screen.getByText(text).closest('button') as HTMLElement;
const save = () => userEvent.click(button(/^保\s*存$/));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const writes = () => server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/upload');
const searches = () => server.requests.filter((request) => request.path === '/api/order/search');
const pane = (index: 0 | 1) => document.querySelectorAll('.ant-transfer-section')[index] as HTMLElement;
const vinsIn = (index: 0 | 1) =>
  Array.from(pane(index).querySelectorAll('.vehicle-transfer-vin'), (node) => node.textContent);
const pick = async (vin: string) => userEvent.click(within(pane(0)).getByText(vin));
const move = (label: '加入' | '移出') => userEvent.click(button(label));
const doc = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const paste = async (label: string, text: string) => {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
};
const upload = (label: string) => userEvent.upload(screen.getByLabelText(label), doc(`${label}.pdf`));

/** Types part of a contract number, waits for the search and picks the contract. */
async function chooseContract(text: string, orderNo: string) {
  await userEvent.click(screen.getByLabelText('海外合同号'));
  await userEvent.type(screen.getByLabelText('海外合同号'), text);
  // The server is asked once the clerk pauses; the option is picked from that answer.
  await waitFor(() => expect(searches().at(-1)?.query.get('order_no')).toBe(text));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((node) =>
      node.textContent?.startsWith(orderNo),
    );
    if (!found) throw new Error(`no option ${orderNo}`);
    return found;
  });
  await userEvent.click(option);
}

const record = (overrides: Partial<ExportsRecord> = {}): ExportsRecord => ({
  id: 40,
  exports_id: 40,
  order_id: 1,
  order_no: 'HW-2026-001',
  order: [{ id: 1, order_no: 'HW-2026-001' }],
  purchase_id: 5,
  exportscar: [
    { car_id: 21, vin: 'LSVAB1230RA200021', model: '丰田 卡罗拉' },
    { car_id: 22, vin: 'LSVAB1230RA200022', model: '丰田 卡罗拉' },
  ],
  currency: 'CNY',
  bgd_sn: 'BG-223300',
  exports_date: '2026-11-18',
  exports_money: 88000.5,
  xkz_image: '/storage/file/2026/11/xkz.pdf',
  bgzl_image: '/storage/file/2026/11/bgzl.pdf',
  bgd_image: '/storage/file/2026/11/bgd.pdf',
  td_image: '/storage/file/2026/11/td.pdf',
  jcbg_image: null,
  hgfxtz_image: null,
  car_image: [],
  carimage: [],
  rate: 67,
  created_at: '2026-11-18 09:00:00',
  updated_at: '2026-11-18 09:30:00',
  ...overrides,
});

/** `GET /api/order/{id}`: what the form reads of it is its number and customer. */
const orderAnswer = (contract: (typeof contracts)[number]): Order => ({
  ...contract,
  customer_id: 3,
  customer_address: null,
  customer_contact_way: null,
  customer_country: null,
  type_id: 1,
  customer: null,
  agent_id: null,
  agent_name: null,
  amount: 3,
  currency: 'USD',
  total: 30000,
  receipt_total: 0,
  status: 2,
  contracts: [],
  agreement_no: null,
  agreement: null,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:30:00.000+08:00',
  cars: [],
  receipts: [],
  drawback: [],
  archive: [],
  freight: [],
});

// A whole form page in jsdom: each step re-renders it, slow on a busy machine.
describe('export declaration form (出口报关)', { timeout: 60_000 }, () => {
  it('starts with the car of ?vehicle= (the vehicle file’s 新增出口) and its overseas contract chosen', async () => {
    server.on(
      'GET /api/vehicle/12/file',
      envelope(
        200,
        vehicleFileAnswer(
          { id: 12, vin: carOf(12).vin, flow: 'release' },
          { order: { id: 1, order_no: 'HW-2026-001', customer_name: '迪拜汽车贸易', country: '阿联酋' } },
        ),
      ),
    );
    renderInApp(<ExportsFormPage />, {
      path: '/release/letout_add',
      initialEntries: ['/vehicle/12', '/release/letout_add?vehicle=12'],
    });
    await waitFor(() => expect(vinsIn(1)).toEqual([carOf(12).vin]));
    expect(vinsIn(0)).toEqual([carOf(11).vin, carOf(13).vin]);
    expect(document.querySelector('.exports-contract-picker')).toHaveTextContent('HW-2026-001');
    expect(screen.getByText('客户：迪拜汽车贸易')).toBeInTheDocument();
  });

  it('starts with the contract of ?order_id= (the release list’s 新增出口) and all its waiting cars chosen', async () => {
    server.on('GET /api/order/1', envelope(200, orderAnswer(contracts[0]!)));
    renderInApp(<ExportsFormPage />, {
      path: '/release/letout_add',
      initialEntries: ['/release/list', '/release/letout_add?order_id=1'],
    });
    await waitFor(() => expect(vinsIn(1)).toEqual([carOf(11).vin, carOf(12).vin, carOf(13).vin]));
    expect(vinsIn(0)).toEqual([]);
    expect(within(pane(0)).getByText('车辆都已选择，不需要的请从右侧移出')).toBeInTheDocument();
    expect(document.querySelector('.exports-contract-picker')).toHaveTextContent('HW-2026-001');
    expect(screen.getByText('客户：迪拜汽车贸易')).toBeInTheDocument();
    // Nothing typed to find the contract.
    expect(searches()).toEqual([]);
    expect(server.requests.find((request) => request.path === '/api/car/carLists')?.query.get('order_id')).toBe('1');

    // The clerk may still leave a car for another declaration.
    await userEvent.click(within(pane(1)).getByText(carOf(13).vin));
    await move('移出');
    expect(vinsIn(1)).toEqual([carOf(11).vin, carOf(12).vin]);
  });

  it('names the contract, the vehicles and the four documents it still needs, and sends nothing', async () => {
    renderAdd();
    expect(await screen.findByText('请先选择海外合同')).toBeInTheDocument();
    expect(screen.getByText('已上传 0/6')).toBeInTheDocument();
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([
        '请先选择绑定海外合同号',
        '请先选择要出口的车辆',
        '请上传许可证',
        '请上传报关资料',
        '请上传报关单',
        '请上传提单',
      ]),
    );
    expect(writes()).toHaveLength(0);
  });

  it('declares two vehicles of the contract found by number, with the four documents, amount and currency', async () => {
    server.on('POST /api/car/exportsAdd', envelope(200, { id: 41 }, '新建成功'));
    const view = renderAdd();
    await chooseContract('2026-001', 'HW-2026-001');
    // Opening the list shows the newest contracts; then one search for what was typed once the clerk
    // paused (500 ms), not one per key.
    expect(searches().map((request) => request.query.get('order_no'))).toEqual([null, '2026-001']);
    expect(screen.getByText('客户：迪拜汽车贸易')).toBeInTheDocument();
    await waitFor(() => expect(vinsIn(0)).toEqual([carOf(11).vin, carOf(12).vin, carOf(13).vin]));
    const asked = server.requests.find((request) => request.path === '/api/car/carLists');
    expect(asked?.query.get('order_id')).toBe('1');
    expect(asked?.query.get('if_exports')).toBe('1');

    await pick(carOf(13).vin);
    await pick(carOf(11).vin);
    await move('加入');
    expect(vinsIn(1)).toEqual([carOf(11).vin, carOf(13).vin]);

    // Pasted, as clerks take these from the customs papers (and a form page is slow to type into in jsdom).
    await paste('报关单号', 'BG-2026-778');
    await paste('出口日期', '2026-11-20');
    await userEvent.keyboard('{Enter}');
    await paste('出口金额', '45000.5');
    await userEvent.click(screen.getByText('CNY'));
    expect(screen.getByText('CNY', { selector: '.ant-input-suffix' })).toBeInTheDocument();
    for (const label of ['许可证', '报关资料', '报关单', '提单']) await upload(label);
    await waitFor(() => expect(screen.getByText('已上传 4/6')).toBeInTheDocument());

    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/exportsAdd',
      body: {
        order_id: 1,
        vin: [carOf(11).vin, carOf(13).vin],
        currency: 'CNY',
        bgd_sn: 'BG-2026-778',
        exports_date: '2026-11-20',
        exports_money: 45000.5,
        xkz_image: '/storage/file/2026/11/doc-1.pdf',
        bgzl_image: '/storage/file/2026/11/doc-2.pdf',
        bgd_image: '/storage/file/2026/11/doc-3.pdf',
        td_image: '/storage/file/2026/11/doc-4.pdf',
        jcbg_image: '',
        hgfxtz_image: '',
        car_image: [],
      },
    });
    // Saved: the tab closes back to the release list.
    await waitFor(() => expect(view.location()).toBe('/release/list'), { timeout: 4000 });
  });

  it('another contract empties the chosen vehicles: a declaration holds one contract’s', async () => {
    renderAdd();
    await chooseContract('001', 'HW-2026-001');
    await waitFor(() => expect(vinsIn(0)).toHaveLength(3));
    await pick(carOf(12).vin);
    await move('加入');
    expect(vinsIn(1)).toEqual([carOf(12).vin]);
    await chooseContract('002', 'HW-2026-002');
    await waitFor(() => expect(vinsIn(0)).toEqual([carOf(31).vin]));
    expect(vinsIn(1)).toEqual([]);
  });

  it('edit: the contract locked, its own vehicles chosen beside the waiting ones, saved with id and updated_at', async () => {
    server.on('GET /api/car/exportsRead', envelope(200, record()));
    server.on('POST /api/car/exportsEdit', envelope(200, { id: 40 }, '编辑成功'));
    renderEdit();
    await waitFor(() => expect(vinsIn(1)).toEqual(['LSVAB1230RA200021', 'LSVAB1230RA200022']));
    expect(screen.getByText('编辑出口报关')).toBeInTheDocument();
    expect(screen.getByLabelText('海外合同号')).toBeDisabled();
    expect(screen.getByTitle('HW-2026-001')).toBeInTheDocument();
    await waitFor(() => expect(vinsIn(0)).toEqual([carOf(11).vin, carOf(12).vin, carOf(13).vin]));
    expect(screen.getByLabelText('报关单号')).toHaveValue('BG-223300');
    expect(screen.getByLabelText('出口日期')).toHaveValue('2026-11-18');
    expect(screen.getByLabelText('出口金额')).toHaveValue('88,000.50');
    expect(screen.getByText('已上传 4/6')).toBeInTheDocument();

    await userEvent.click(within(pane(1)).getByText('LSVAB1230RA200022'));
    await move('移出');
    await pick(carOf(12).vin);
    await move('加入');
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/car/exportsEdit',
      body: {
        exports_id: 40,
        order_id: 1,
        vin: ['LSVAB1230RA200021', carOf(12).vin],
        currency: 'CNY',
        bgd_sn: 'BG-223300',
        exports_date: '2026-11-18',
        exports_money: 88000.5,
        xkz_image: '/storage/file/2026/11/xkz.pdf',
        updated_at: '2026-11-18 09:30:00',
      },
    });
  });

  it('a stale edit keeps the choice and offers 放弃修改并载入最新内容', async () => {
    server.on('GET /api/car/exportsRead', envelope(200, record()));
    server.on('POST /api/car/exportsEdit', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    renderEdit('/release/letout_edit/1/5/40');
    await waitFor(() => expect(vinsIn(1)).toHaveLength(2));
    await waitFor(() => expect(vinsIn(0)).toHaveLength(3));
    expect(server.requests.find((request) => request.path === '/api/car/exportsRead')?.query.get('exportsId')).toBe(
      '40',
    );
    await pick(carOf(11).vin);
    await move('加入');
    await save();
    const alert = (await screen.findByText('放弃修改并载入最新内容')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('该记录已被他人修改，请刷新后重试');
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200021', 'LSVAB1230RA200022', carOf(11).vin]);

    server.on(
      'GET /api/car/exportsRead',
      envelope(
        200,
        record({ bgd_sn: 'BG-999', exportscar: [record().exportscar[0]!], updated_at: '2026-11-19 08:00:00' }),
      ),
    );
    await userEvent.click(within(alert).getByText('放弃修改并载入最新内容'));
    await waitFor(() => expect(screen.getByLabelText('报关单号')).toHaveValue('BG-999'));
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200021']);
  });

  it('a vehicle the server refuses is named under the transfer list, the choice kept', async () => {
    const refusal = `车辆 ${carOf(12).vin} 不属于海外合同 HW-2026-001，不能在此报关`;
    server.on('GET /api/car/exportsRead', envelope(200, record()));
    server.on('POST /api/car/exportsEdit', envelope(422, { errors: { vin: [refusal] } }, refusal));
    renderEdit();
    await waitFor(() => expect(vinsIn(0)).toHaveLength(3));
    await pick(carOf(12).vin);
    await move('加入');
    await save();
    await waitFor(() => expect(errors()).toEqual([refusal]));
    const item = pane(1).closest('.ant-form-item') as HTMLElement;
    expect(item).toHaveTextContent(refusal);
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200021', 'LSVAB1230RA200022', carOf(12).vin]);
  });

  it('says a declaration that does not exist is missing', async () => {
    server.on('GET /api/car/exportsRead', envelope(404, null, '记录不存在'));
    renderEdit('/release/letout_edit/1/99');
    expect(await screen.findByText('该出口报关记录不存在或已被删除')).toBeInTheDocument();
  });
});
