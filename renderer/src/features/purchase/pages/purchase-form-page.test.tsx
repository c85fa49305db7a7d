import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerOption, CustomerType } from '../../../../../contract/customer';
import type { Order } from '../../../../../contract/overseas';
import type { Purchase } from '../../../../../contract/purchase';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { customerSearch } from '../../../testing/customer-search';
import { PurchaseFormPage } from './purchase-form-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

// The types as a back end without the seller kind answers them (no `kind`): the form offers every type.
beforeEach(() => {
  server.on('GET /api/customer/search', envelope(200, []));
  server.on(
    'GET /api/customerType',
    envelope(200, [
      { id: 1, name: '销外客户', status: 1 },
      { id: 3, name: '国内车商', status: 1 },
    ]),
  );
  server.on('GET /api/car/exists', envelope(404, null, '车辆不存在'));
});

const renderForm = (path = '/purchase/add') =>
  renderInApp(<PurchaseFormPage />, {
    path: path === '/purchase/add' ? path : '/purchase/edit/:id',
    initialEntries: ['/purchase/list', path],
  });

const save = () => userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const writes = () => server.requests.filter((request) => request.method === 'POST' || request.method === 'PUT');

async function chooseCustomerType(name: string) {
  await userEvent.click(screen.getByLabelText('客户类型'));
  await userEvent.click(await screen.findByTitle(name));
}

const savedPurchase = (overrides: Partial<Purchase>): Purchase => ({
  id: 32,
  purchase_no: 'CG-2026-032',
  type: 1,
  order_id: null,
  order_no: null,
  customer_id: 4,
  customer_name: '杭州二手车行',
  customer_address: '杭州市西湖区',
  customer_contact_way: null,
  customer_type_id: 3,
  customer_type: '国内车商',
  amount: 2,
  total: 200000,
  remit_total: 0,
  remit_status: 0,
  handed_over: 0,
  handed_over_at: null,
  contracts: [],
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.000+08:00',
  car: [{ id: 1, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', price: 98000, invoice: 0, other: 0 }],
  remit: [],
  ...overrides,
});

/** `GET /api/order/9`: the form reads its number and customer. */
const linkedOrder: Order = {
  id: 9,
  order_no: 'HW-2026-009',
  customer_id: 3,
  customer_name: 'Almaty Motors',
  customer_address: null,
  customer_contact_way: null,
  customer_country: null,
  type_id: 1,
  customer: null,
  agent_id: null,
  agent_name: null,
  amount: 2,
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
};

describe('purchase contract form', () => {
  it('asks for the contract type before cars are added, and names every missing field on 保存', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: /添加车辆/ }));
    await screen.findByText('请先选择合同类型');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    expect((await screen.findAllByText('请先选择合同类型')).length).toBeGreaterThan(0);
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([
        '请选择合同类型',
        '请输入采购合同号',
        '请输入采购数量',
        '请输入合同总额',
        '请完善客户信息',
        '请选择客户类型',
        '请完善客户地址',
      ]),
    );
    expect(writes()).toHaveLength(0);
  });

  it('echoes the total in capitals and sends the whole form, cars with the purchase prices', async () => {
    server.on('POST /api/purchase', envelope(201, { id: 31 }, '新建成功'));
    renderForm();
    await userEvent.click(await screen.findByText('二手车'));
    await userEvent.type(screen.getByLabelText('采购合同号'), 'CG-2026-031');
    await userEvent.type(screen.getByLabelText('采购数量'), '1');
    // The count is typed: no step buttons, whose screen-reader labels would be English (Increase Value).
    expect(screen.queryByLabelText('Increase Value')).toBeNull();
    expect(screen.queryByLabelText('Decrease Value')).toBeNull();
    await userEvent.type(screen.getByLabelText('合同总额'), '100000');
    expect(screen.getByTestId('money-capitals')).toHaveTextContent('大写：壹拾万元整');
    await userEvent.type(screen.getByLabelText('客户名称'), '杭州二手车行');
    await chooseCustomerType('国内车商');
    await userEvent.type(screen.getByLabelText('客户地址'), '杭州市西湖区');
    await userEvent.click(screen.getByRole('button', { name: /添加车辆/ }));
    const prompt = (await screen.findByLabelText('要添加的车辆数')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    await userEvent.type(await screen.findByLabelText('第1行 车架号'), 'LSVAB1230RA200001');
    await userEvent.type(screen.getByLabelText('第1行 车型车系'), '丰田 卡罗拉');
    await userEvent.type(screen.getByLabelText('第1行 价格'), '98000');
    await userEvent.clear(screen.getByLabelText('第1行 服务费'));
    await userEvent.type(screen.getByLabelText('第1行 服务费'), '1500');
    await save();
    await screen.findByText('新建成功');
    expect(writes()[0]).toMatchObject({
      path: '/api/purchase',
      body: {
        type: 2,
        purchase_no: 'CG-2026-031',
        amount: 1,
        total: 100000,
        name: '杭州二手车行',
        type_id: 3,
        address: '杭州市西湖区',
        contracts: [],
        car: [{ id: 0, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', price: 98000, invoice: 1500, other: 0 }],
      },
    });
  });

  it('adds an overseas contract’s cars as lines', async () => {
    server.on(
      'GET /api/purchase/importCars',
      envelope(200, {
        order_id: 9,
        car: [
          { id: 5, vin: 'LSVAB1230RA200005', model: '本田 雅阁' },
          { id: 6, vin: 'LSVAB1230RA200006', model: null },
        ],
      }),
    );
    renderForm();
    await userEvent.click(await screen.findByText('新车'));
    await userEvent.type(screen.getByLabelText('采购数量'), '5');
    await userEvent.type(screen.getByLabelText('海外合同号'), 'HW-2026-009');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    await screen.findByText('已导入 2 辆车');
    expect(screen.getByLabelText('第1行 车架号')).toHaveValue('LSVAB1230RA200005');
    expect(screen.getByLabelText('第1行 车型车系')).toHaveValue('本田 雅阁');
    expect(screen.getByLabelText('第2行 车架号')).toHaveValue('LSVAB1230RA200006');
    const request = server.requests.find((candidate) => candidate.path === '/api/purchase/importCars');
    expect(request?.query.get('order_no')).toBe('HW-2026-009');
  });

  it('opened for an overseas contract (?order_id=): names it and its cars, the number ready, imported once a type is chosen', async () => {
    server.on('GET /api/order/9', envelope(200, linkedOrder));
    server.on(
      'GET /api/purchase/importCars',
      envelope(200, {
        order_id: 9,
        car: [
          { id: 5, vin: 'LSVAB1230RA200005', model: '本田 雅阁' },
          { id: 6, vin: 'LSVAB1230RA200006', model: null },
        ],
      }),
    );
    renderInApp(<PurchaseFormPage />, {
      path: '/purchase/add',
      initialEntries: ['/overseas/list', '/purchase/add?order_id=9'],
    });
    const note = await waitFor(() => {
      const found = document.querySelector('.purchase-linked-order');
      expect(found).toHaveTextContent('为海外合同 HW-2026-009（Almaty Motors）新建采购合同：该合同有 2 辆车待采购');
      return found as HTMLElement;
    });
    expect(note).toHaveTextContent('请先选择合同类型（新车或二手车）并填写采购数量');
    expect(within(note).getByText(/LSVAB1230RA200005/)).toBeInTheDocument();
    // Nothing typed again: the number is in the import box.
    expect(screen.getByLabelText('海外合同号')).toHaveValue('HW-2026-009');

    // The type comes first, as for any import.
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    expect((await screen.findAllByText('请先选择合同类型')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('第1行 车架号')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('新车'));
    await userEvent.type(screen.getByLabelText('采购数量'), '2');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    await screen.findByText('已导入 2 辆车');
    expect(screen.getByLabelText('第1行 车架号')).toHaveValue('LSVAB1230RA200005');
    expect(screen.getByLabelText('第2行 车架号')).toHaveValue('LSVAB1230RA200006');
    expect(
      server.requests
        .filter((request) => request.path === '/api/purchase/importCars')
        .at(-1)
        ?.query.get('order_no'),
    ).toBe('HW-2026-009');
    // Imported: the note has done its work.
    await waitFor(() => expect(document.querySelector('.purchase-linked-order')).toBeNull());
  });

  it('继续新建下一份 saves and opens a fresh form for the same overseas contract while it has cars left', async () => {
    server.on('GET /api/order/9', envelope(200, linkedOrder));
    const newCar = { id: 5, vin: 'LSVAB1230RA200005', model: '比亚迪 汉' };
    const usedCar = { id: 6, vin: 'LSVAB1230RA200006', model: '丰田 卡罗拉' };
    let saved = false;
    server.on('GET /api/purchase/importCars', () =>
      envelope(200, { order_id: 9, car: saved ? [usedCar] : [newCar, usedCar] }),
    );
    server.on('POST /api/purchase', () => {
      saved = true;
      return envelope(201, { id: 40 }, '新建成功');
    });
    renderInApp(<PurchaseFormPage />, {
      path: '/purchase/add',
      initialEntries: ['/overseas/list', '/purchase/add?order_id=9'],
    });
    await waitFor(() => expect(document.querySelector('.purchase-linked-order')).toHaveTextContent('2 辆车待采购'));
    await userEvent.click(screen.getByText('新车'));
    await userEvent.type(screen.getByLabelText('采购合同号'), 'CG-2026-040');
    await userEvent.type(screen.getByLabelText('采购数量'), '1');
    await userEvent.type(screen.getByLabelText('合同总额'), '100000');
    await userEvent.type(screen.getByLabelText('客户名称'), '杭州车源');
    await chooseCustomerType('国内车商');
    await userEvent.type(screen.getByLabelText('客户地址'), '杭州市西湖区');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    await screen.findByText('已导入 1 辆车');
    await userEvent.type(screen.getByLabelText('第1行 价格'), '98000');

    // One car of the contract is on this form, one is left: the button says so and saves.
    const next = screen.getByRole('button', { name: '继续新建下一份' });
    expect(next).toHaveAttribute('title', '保存，再为海外合同 HW-2026-009 的其余 1 辆车新建采购合同');
    await userEvent.click(next);
    await screen.findByText('新建成功');
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.body).toMatchObject({ purchase_no: 'CG-2026-040', order_id: 9, car: [{ vin: newCar.vin }] });

    // A fresh form in place for the car left, which stays open (no closing after the save).
    await waitFor(() => expect(document.querySelector('.purchase-linked-order')).toHaveTextContent('1 辆车待采购'));
    expect(screen.getByLabelText('采购合同号')).toHaveValue('');
    expect(screen.getByLabelText('海外合同号')).toHaveValue('HW-2026-009');
    // The last car: nothing is left after this one, so only 保存.
    await userEvent.click(screen.getByText('二手车'));
    await userEvent.type(screen.getByLabelText('采购数量'), '1');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    await waitFor(() => expect(screen.getByLabelText('第1行 车架号')).toHaveValue(usedCar.vin));
    expect(screen.queryByRole('button', { name: '继续新建下一份' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByLabelText('第1行 车架号')).toBeInTheDocument();
  });

  it('says when the linked overseas contract has no car left to buy', async () => {
    server.on('GET /api/order/9', envelope(200, linkedOrder));
    server.on('GET /api/purchase/importCars', envelope(200, { order_id: 9, car: [] }));
    renderInApp(<PurchaseFormPage />, {
      path: '/purchase/add',
      initialEntries: ['/overseas/list', '/purchase/add?order_id=9'],
    });
    await waitFor(() =>
      expect(document.querySelector('.purchase-linked-order')).toHaveTextContent(
        '海外合同 HW-2026-009（Almaty Motors）的车辆都已有采购合同，没有可导入的车辆',
      ),
    );
  });

  it('导入海外合同车辆 on a fresh form with the number typed but no type chosen: 请先选择合同类型, nothing asked, no row', async () => {
    // Answered as a real contract would be: were the type not checked, these two cars would become rows.
    server.on(
      'GET /api/purchase/importCars',
      envelope(200, { order_id: 9, car: [{ id: 5, vin: 'LSVAB1230RA200005', model: '本田 雅阁' }] }),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('海外合同号'), 'HW-2026-009');
    await userEvent.click(screen.getByRole('button', { name: /导入海外合同车辆/ }));
    expect(await screen.findByText('请先选择合同类型')).toBeInTheDocument();
    // Give a request that should not exist the time to be sent and answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.filter((request) => request.path === '/api/purchase/importCars')).toEqual([]);
    expect(screen.queryByLabelText('第1行 车架号')).not.toBeInTheDocument();
    expect(screen.queryByText(/已导入/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('海外合同号')).toHaveValue('HW-2026-009');
  });

  it('says 请输入采购价格 for an empty car price, the purchase side’s words', async () => {
    renderForm();
    await userEvent.click(await screen.findByText('新车'));
    await userEvent.type(screen.getByLabelText('采购数量'), '1');
    await userEvent.click(screen.getByRole('button', { name: /添加车辆/ }));
    const prompt = (await screen.findByLabelText('要添加的车辆数')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    await screen.findByLabelText('第1行 价格');
    await save();
    expect(await screen.findByText('请输入采购价格')).toBeInTheDocument();
    expect(screen.queryByText('请输入车辆售价')).not.toBeInTheDocument();
  });

  it('a handed-over contract keeps its cars: no adding, importing or removing, prices still editable', async () => {
    server.on('GET /api/purchase/32', envelope(200, savedPurchase({ id: 32, handed_over: 1 })));
    server.on('PUT /api/purchase/32', envelope(200, { id: 32 }, '编辑成功'));
    renderForm('/purchase/edit/32');
    await waitFor(() => expect(screen.getByLabelText('第1行 车架号')).toHaveValue('LSVAB1230RA200001'));
    expect(
      screen.getByText('该采购合同已移交入库，车辆不能再增减；价格、服务费和其他费用仍可修改。'),
    ).toBeInTheDocument();
    // Text queries, not role queries: a form page is a large tree for jsdom's role walk.
    for (const text of ['添加车辆', '导入Excel', '导入海外合同车辆'])
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('删除第1行')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('海外合同号')).not.toBeInTheDocument();
    expect(screen.getByLabelText('第1行 车架号')).toHaveAttribute('readonly');
    const price = screen.getByLabelText('第1行 价格');
    await userEvent.clear(price);
    await userEvent.type(price, '97000');
    await save();
    await screen.findByText('编辑成功');
    expect(writes()[0]?.body).toMatchObject({
      car: [{ id: 1, vin: 'LSVAB1230RA200001', model: '丰田 卡罗拉', price: 97000 }],
    });
  });

  it('a contract not handed over keeps 添加车辆, 导入Excel, the overseas import and 删除', async () => {
    server.on('GET /api/purchase/33', envelope(200, savedPurchase({ id: 33 })));
    renderForm('/purchase/edit/33');
    await waitFor(() => expect(screen.getByLabelText('第1行 车架号')).toHaveValue('LSVAB1230RA200001'));
    for (const text of ['添加车辆', '导入Excel', '导入海外合同车辆'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('删除第1行')).toBeInTheDocument();
    expect(screen.getByLabelText('第1行 车架号')).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/已移交入库，车辆不能再增减/)).not.toBeInTheDocument();
  });

  it('keeps what was typed when the save is refused as stale', async () => {
    const record: Purchase = {
      id: 31,
      purchase_no: 'CG-2026-031',
      type: 1,
      order_id: null,
      order_no: null,
      customer_id: 4,
      customer_name: '杭州二手车行',
      customer_address: '杭州市西湖区',
      customer_contact_way: null,
      customer_type_id: 3,
      customer_type: '国内车商',
      amount: 2,
      total: 200000,
      remit_total: 0,
      remit_status: 0,
      handed_over: 0,
      handed_over_at: null,
      contracts: [],
      created_at: '2026-11-20T09:00:00.000+08:00',
      updated_at: '2026-11-20T09:00:00.000+08:00',
      car: [],
      remit: [],
    };
    server.on('GET /api/purchase/31', envelope(200, record));
    server.on('PUT /api/purchase/31', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    renderForm('/purchase/edit/31');
    await waitFor(() => expect(screen.getByLabelText('采购合同号')).toHaveValue('CG-2026-031'));
    await userEvent.clear(screen.getByLabelText('采购合同号'));
    await userEvent.type(screen.getByLabelText('采购合同号'), 'CG-2026-031-B');
    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ purchase_no: 'CG-2026-031-B', updated_at: record.updated_at });
    await screen.findByRole('button', { name: '放弃修改并载入最新内容' });
    expect(screen.getByLabelText('采购合同号')).toHaveValue('CG-2026-031-B');
  });
});

describe('purchase contract form: the seller is a 供应商 (issue 24 point 4)', () => {
  const withSellers: CustomerType[] = [
    { id: 1, name: '销外客户', status: 1, kind: 'customer' },
    { id: 2, name: '代理人', status: 1, kind: 'agent' },
    { id: 3, name: '供应商', status: 1, kind: 'seller' },
  ];
  const party = (id: number, name: string, typeId: number, type: string): CustomerOption => ({
    id,
    name,
    type,
    type_id: typeId,
    address: '杭州市西湖区',
    contact_way: null,
    country: null,
  });
  const parties = [
    party(4, '杭州车行', 3, '供应商'),
    party(5, '宁波车行', 3, '供应商'),
    party(6, '车行 Almaty Motors', 1, '销外客户'),
    party(7, '车行代理', 2, '代理人'),
  ];

  beforeEach(() => {
    server.on('GET /api/customerType', envelope(200, withSellers));
    server.on('GET /api/customer/search', customerSearch(parties));
  });

  const typeItem = () => screen.getByLabelText('客户类型').closest('.ant-form-item') as HTMLElement;
  const suggestions = () =>
    Array.from(document.querySelectorAll('.ant-select-item-option'), (node) => node.textContent ?? '');

  it('suggests sellers only, and files a new seller as 供应商 without asking for its type', async () => {
    server.on('POST /api/purchase', envelope(201, { id: 31 }, '新建成功'));
    renderForm();
    // Nothing to choose: the type is 供应商.
    await within(typeItem()).findByText('供应商');
    expect(screen.getByLabelText('客户类型')).toBeDisabled();
    expect(within(typeItem()).getByText('采购合同的客户均为供应商')).toBeInTheDocument();
    const nameItem = screen.getByLabelText('客户名称').closest('.ant-form-item') as HTMLElement;
    expect(within(nameItem).getByText('请输入或选择供应商')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('客户名称'), '车行');
    await waitFor(() => expect(suggestions()).toEqual(['杭州车行', '宁波车行']));
    const searches = server.requests.filter((request) => request.path === '/api/customer/search');
    expect(new Set(searches.map((request) => request.query.get('kind')))).toEqual(new Set(['seller']));

    // A name nobody has yet: a new seller.
    await userEvent.type(screen.getByLabelText('客户名称'), '乙');
    await userEvent.click(screen.getByText('二手车'));
    await userEvent.type(screen.getByLabelText('采购合同号'), 'CG-2026-031');
    await userEvent.type(screen.getByLabelText('采购数量'), '1');
    await userEvent.type(screen.getByLabelText('合同总额'), '100000');
    await userEvent.type(screen.getByLabelText('客户地址'), '杭州市西湖区');
    await save();
    await screen.findByText('新建成功');
    const body = writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: '车行乙', type_id: 3 });
    expect(body).not.toHaveProperty('customer_id');
  });

  it('an older contract keeps its customer’s type while it stays chosen; another name is a new 供应商', async () => {
    server.on(
      'GET /api/purchase/32',
      envelope(200, savedPurchase({ customer_id: 6, customer_name: 'Almaty Motors', customer_type_id: 1 })),
    );
    server.on('PUT /api/purchase/32', envelope(200, { id: 32 }, '编辑成功'));
    renderForm('/purchase/edit/32');
    await waitFor(() => expect(screen.getByLabelText('客户名称')).toHaveValue('Almaty Motors'));
    await within(typeItem()).findByText('销外客户');

    await userEvent.type(screen.getByLabelText('客户名称'), ' 车行');
    await within(typeItem()).findByText('供应商');
    await save();
    await screen.findByText('编辑成功');
    const body = writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Almaty Motors 车行', type_id: 3 });
    expect(body).not.toHaveProperty('customer_id');
  });
});
