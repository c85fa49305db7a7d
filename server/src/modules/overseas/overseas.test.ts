import { describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { contractAppForEachTest } from '../../../../tests/helpers/contract-app';
import { createVehicle } from '../../../../tests/helpers/factories';
import { FORM_HEADERS as FORM, formEncode } from '../../../../tests/helpers/form-encode';
import { carLine, orderForm, receiptForm, vin } from '../../../../tests/helpers/overseas';

describe('overseas contracts and receipts', () => {
  const {
    t,
    staff: admin,
    call,
    overseasFiles: files,
    createOrder,
    readOrder,
    vehicleOf,
    countRows,
  } = contractAppForEachTest({ staff: { username: 'admin', nickname: '管理员' } });

  it('needs a token for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/order'],
      ['GET', '/api/order/all'],
      ['GET', '/api/order/search'],
      ['GET', '/api/order/export'],
      ['GET', '/api/order/receipt/export'],
      ['GET', '/api/order/1'],
      ['POST', '/api/order'],
      ['PUT', '/api/order/1'],
      ['PUT', '/api/order/1/handOver'],
      ['POST', '/api/order/1/receipt'],
      ['PUT', '/api/receipt/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('create', () => {
    it('answers 201 with the id; the contract, its new customer and its cars are saved in one go, with audit rows', async () => {
      const response = await call('POST', '/api/order', orderForm(files));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ code: 201, message: '新建成功', data: { id: expect.any(Number) } });
      const { id } = response.json().data;

      const order = await readOrder(id);
      expect(order).toMatchObject({
        id,
        order_no: 'HW-2026-001',
        customer_name: 'Global Motors LLC',
        customer_address: 'Dubai, Deira 12',
        customer_contact_way: '+971 50 123 4567',
        customer_country: '阿联酋',
        type_id: 1,
        customer: { name: 'Global Motors LLC', type: '销外客户', type_id: 1, address: 'Dubai, Deira 12' },
        agent_id: null,
        agent_name: '代理人甲',
        amount: 3,
        currency: 'USD',
        total: 30000.5,
        receipt_total: 0,
        status: 1,
        contracts: [files.contract],
        agreement_no: null,
        agreement: null,
        receipts: [],
        drawback: [],
        archive: [],
        freight: [],
        created_at: expect.stringMatching(/\+08:00$/),
        updated_at: expect.stringMatching(/\+08:00$/),
      });
      expect(order.cars).toEqual([
        { id: expect.any(Number), vin: vin(1), model: '丰田 卡罗拉 2020款', order_price: 10000, invoice: 0, other: 0 },
        {
          id: expect.any(Number),
          vin: vin(2),
          model: '丰田 卡罗拉 2020款',
          order_price: 12000.25,
          invoice: 100,
          other: 50.5,
        },
      ]);
      // Money is integer fen in the database.
      const stored = await t.db
        .selectFrom('orders')
        .select(['total', 'customer_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.total)).toBe(3_000_050);
      expect(Number((await vehicleOf(vin(2)))?.order_price)).toBe(1_200_025);
      const customer = await t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', stored.customer_id as number)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({
        name: 'Global Motors LLC',
        type_id: 1,
        country: '阿联酋',
        created_by: admin.id,
      });

      const audit = await historyEvents(t.db);
      expect(audit.map((row) => `${row.entity}:${row.action}`)).toEqual([
        'customer:create',
        'car:create',
        'car:create',
        'order:create',
      ]);
      expect(audit.every((row) => row.user_id === admin.id)).toBe(true);
    });

    it('accepts the form-encoded contract form (cars[0][vin]=…) with the same outcome', async () => {
      const body = formEncode(
        orderForm(files, {
          contracts: [files.contract, files.contractScan],
          cars: [carLine(` ${vin(7).toLowerCase()} `, { order_price: '9999.99' })],
          agreement_no: 'DF-01',
          agreement: files.agreement,
        }),
      ).join('&');
      const response = await call('POST', '/api/order', body, FORM);
      expect(response.statusCode, response.body).toBe(201);
      const order = await readOrder(response.json().data.id);
      expect(order).toMatchObject({
        amount: 3,
        total: 30000.5,
        type_id: 1,
        agreement_no: 'DF-01',
        agreement: files.agreement,
        contracts: [files.contract, files.contractScan],
      });
      // Trimmed and upper-cased.
      expect(order.cars).toEqual([
        expect.objectContaining({ vin: vin(7), order_price: 9999.99, invoice: 0, other: 0 }),
      ]);
    });

    it('answers 422 with the spec messages, the first failing rule first, and writes nothing', async () => {
      const empty = await call('POST', '/api/order', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('请上传海外合同');
      expect(empty.json().data.errors).toEqual({
        contracts: ['请上传海外合同'],
        order_no: ['请输入海外合同号'],
        amount: ['请输入订单总数'],
        total: ['请输入订单总额'],
        name: ['请完善客户信息'],
        agent_name: ['请完善代理人信息'],
        address: ['请完善客户地址'],
        contact_way: ['请完善客户联系方式'],
      });

      const cases: [Record<string, unknown>, string, string][] = [
        [{ contracts: [] }, 'contracts', '请上传海外合同'],
        [{ contracts: Array(6).fill(files.contract) }, 'contracts', '最多上传5份合同文件'],
        [{ contracts: ['https://evil.example/x.pdf'] }, 'contracts.0', '文件地址不正确，请重新上传'],
        [{ contracts: ['/storage/../etc/passwd'] }, 'contracts.0', '文件地址不正确，请重新上传'],
        [{ order_no: '  ' }, 'order_no', '请输入海外合同号'],
        [{ amount: 0 }, 'amount', '订单总数只能填写正整数'],
        [{ amount: 1.5 }, 'amount', '订单总数只能填写正整数'],
        [{ total: '' }, 'total', '请输入订单总额'],
        [{ total: 10.123 }, 'total', '订单总额最多两位小数'],
        [{ total: -5 }, 'total', '订单总额不能为负数'],
        [{ currency: 'EUR' }, 'currency', '币种只能是 USD 或 CNY'],
        [{ name: '' }, 'name', '请完善客户信息'],
        [{ agent_name: '' }, 'agent_name', '请完善代理人信息'],
        [{ address: '' }, 'address', '请完善客户地址'],
        [{ contact_way: '' }, 'contact_way', '请完善客户联系方式'],
        [{ type_id: 'x' }, 'type_id', '请完善客户类型'],
        [{ cars: [{ id: 0, model: 'm', order_price: 1 }] }, 'cars.0.vin', '请输入车架号'],
        [{ cars: [{ id: 0, vin: vin(1), order_price: 1 }] }, 'cars.0.model', '请输入车型车系'],
        [{ cars: [{ id: 0, vin: vin(1), model: 'm' }] }, 'cars.0.order_price', '请输入车辆售价'],
        [{ cars: [carLine('LSVAB1234567890I1')] }, 'cars.0.vin', '车架号格式错误'],
        [{ cars: [carLine('LSVAB12345')] }, 'cars.0.vin', '车架号格式错误'],
        [{ cars: [carLine(vin(1)), carLine(vin(1).toLowerCase())] }, 'cars.1.vin', `车架号 ${vin(1)} 重复`],
        [{ amount: 1 }, 'cars', '添加的车辆数不能超过合同订购总数'],
        [{ status: 6 }, 'status', '不支持的字段'],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await call('POST', '/api/order', orderForm(files, overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
        expect(response.json().message, JSON.stringify(overrides)).toBe(message);
        expect(response.json().data.errors[field], JSON.stringify(overrides)).toContain(message);
      }
      const unknownType = await call('POST', '/api/order', orderForm(files, { type_id: 99 }));
      expect(unknownType.statusCode).toBe(422);
      expect(unknownType.json().message).toBe('请完善客户类型');
      const unknownCustomer = await call('POST', '/api/order', orderForm(files, { customer_id: 999 }));
      expect(unknownCustomer.json().message).toBe('所选客户不存在');
      const unknownAgent = await call('POST', '/api/order', orderForm(files, { agent_id: 999 }));
      expect(unknownAgent.json().message).toBe('所选代理人不存在');

      for (const table of ['orders', 'customers', 'vehicles'] as const) expect(await countRows(table)).toBe(0);
    });

    it('uses the chosen customer and agent instead of creating one', async () => {
      const customer = (await call('POST', '/api/customer', { name: '老客户', type_id: 1 })).json().data.id;
      const agent = (await call('POST', '/api/customer', { name: '老代理', type_id: 2 })).json().data.id;
      const id = await createOrder({ customer_id: customer, name: '老客户', agent_id: agent, agent_name: '老代理' });
      expect(await countRows('customers')).toBe(2);
      expect(await readOrder(id)).toMatchObject({
        customer_id: customer,
        customer: { id: customer, name: '老客户' },
        agent_id: agent,
        agent_name: '老代理',
      });
    });

    it('refuses a contract number already used with 409', async () => {
      await createOrder();
      const duplicate = await call('POST', '/api/order', orderForm(files, { cars: [] }));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ code: 409, message: '海外合同号已存在', data: null });
      expect(await countRows('orders')).toBe(1);
    });

    it('links a VIN to its existing vehicle row and refuses one already on another contract, naming it', async () => {
      // Named first by a purchase contract: the overseas contract takes the same row.
      const existing = await createVehicle(t.db, { vin: vin(50), model: '旧车型' });
      const id = await createOrder({ cars: [carLine(vin(50), { model: '新车型' })] });
      const linked = await vehicleOf(vin(50));
      expect(linked).toMatchObject({ id: existing, order_id: id, model: '新车型' });
      expect(await countRows('vehicles')).toBe(1);

      const other = await call(
        'POST',
        '/api/order',
        orderForm(files, { order_no: 'HW-2026-002', cars: [carLine(vin(51)), carLine(vin(50).toLowerCase())] }),
      );
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(`车架号 ${vin(50)} 已在海外合同 HW-2026-001 中`);
      // Nothing of the refused contract stays: no contract, no customer, no new vehicle.
      expect(await countRows('orders')).toBe(1);
      expect(await countRows('customers')).toBe(1);
      expect(await vehicleOf(vin(51))).toBeUndefined();
    });

    it('counts on the dashboard', async () => {
      await createOrder();
      await createOrder({ order_no: 'HW-2026-002', cars: [] });
      const dashboard = await call('GET', '/api/dashboard');
      expect(dashboard.json().data).toMatchObject({ orderNum: 2, purchaseNum: 0, carEntry: 0, carComplete: 0 });
    });
  });

  describe('update', () => {
    it('saves the form (200): edits prices, adds a line, removes a saved one, keeps the customer chosen', async () => {
      const id = await createOrder();
      const before = await readOrder(id);
      const [first, second] = before.cars;
      const response = await call('PUT', `/api/order/${id}`, {
        ...orderForm(files, {
          order_no: 'HW-2026-001A',
          customer_id: before.customer_id,
          total: 40000,
          cars: [
            { id: first.id, vin: first.vin, model: '改过的车型', order_price: 11000, invoice: 1, other: 2 },
            carLine(vin(3)),
          ],
        }),
        updated_at: before.updated_at,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: '编辑成功', data: { id } });
      const after = await readOrder(id);
      expect(after).toMatchObject({ order_no: 'HW-2026-001A', total: 40000, customer_id: before.customer_id });
      expect(after.cars.map((car: { vin: string }) => car.vin)).toEqual([vin(1), vin(3)]);
      expect(after.cars[0]).toMatchObject({
        id: first.id,
        model: '改过的车型',
        order_price: 11000,
        invoice: 1,
        other: 2,
      });
      // The removed line's vehicle leaves the contract with its overseas prices, but keeps its row.
      expect(await vehicleOf(second.vin)).toMatchObject({ id: second.id, order_id: null, order_price: null });
      expect(await countRows('customers')).toBe(1);
      const actions = (await historyEvents(t.db)).filter((row) => ['order', 'car'].includes(row.entity));
      expect(actions.slice(3).map((row) => `${row.entity}:${row.action}`)).toEqual([
        'car:update',
        'car:create',
        'car:detach',
        'order:update',
      ]);
    });

    it('refuses a stale save with 409 and keeps the other clerk’s changes', async () => {
      const id = await createOrder();
      const read = await readOrder(id);
      const first = await call('PUT', `/api/order/${id}`, {
        ...orderForm(files, { total: 1 }),
        updated_at: read.updated_at,
      });
      expect(first.statusCode).toBe(200);
      const second = await call('PUT', `/api/order/${id}`, {
        ...orderForm(files, { total: 2, cars: [] }),
        updated_at: read.updated_at,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ code: 409, message: '该记录已被他人修改，请刷新后重试', data: null });
      const after = await readOrder(id);
      expect(after.total).toBe(1);
      expect(after.cars).toHaveLength(2);
    });

    it('answers 404, 409 for a number taken, 422 for too many cars or a currency change after receipts', async () => {
      expect((await call('PUT', '/api/order/999', orderForm(files))).statusCode).toBe(404);
      const id = await createOrder();
      await createOrder({ order_no: 'HW-2026-002', cars: [] });
      const taken = await call('PUT', `/api/order/${id}`, orderForm(files, { order_no: 'HW-2026-002' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('海外合同号已存在');
      const tooMany = await call('PUT', `/api/order/${id}`, orderForm(files, { amount: 1 }));
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().message).toBe('添加的车辆数不能超过合同订购总数');

      expect((await call('POST', `/api/order/${id}/receipt`, receiptForm(files))).statusCode).toBe(201);
      const currency = await call('PUT', `/api/order/${id}`, orderForm(files, { currency: 'CNY' }));
      expect(currency.statusCode).toBe(422);
      expect(currency.json().message).toBe('合同已有收款，不能更改币种');
    });

    it('refuses to drop a vehicle that already has an export record', async () => {
      const id = await createOrder();
      await t.db.updateTable('vehicles').set({ exports: 2, flow: 'filing' }).where('vin', '=', vin(2)).execute();
      const response = await call('PUT', `/api/order/${id}`, orderForm(files, { cars: [carLine(vin(1))] }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`车辆 ${vin(2)} 已有出口或归档记录，不能从合同中移除`);
      expect((await readOrder(id)).cars).toHaveLength(2);
    });
  });

  it('hands a contract over to purchasing once (status 2)', async () => {
    const id = await createOrder();
    const response = await call('PUT', `/api/order/${id}/handOver`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: '移交成功', data: { status: 2 } });
    expect((await readOrder(id)).status).toBe(2);
    const again = await call('PUT', `/api/order/${id}/handOver`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该合同已移交采购');
    expect((await call('PUT', '/api/order/999/handOver')).statusCode).toBe(404);
  });

  describe('list, all and search', () => {
    it('pages 15 at a time, newest first, with the row expansion, receipt total, customer and agent', async () => {
      for (let n = 1; n <= 16; n += 1) {
        await createOrder({ order_no: `HW-${String(n).padStart(3, '0')}`, cars: [carLine(vin(n))] });
      }
      const newest = (await call('GET', '/api/order?order_no=HW-016')).json().data.data[0];
      await call('POST', `/api/order/${newest.id}/receipt`, receiptForm(files, { amount: 100.1 }));
      await call('POST', `/api/order/${newest.id}/receipt`, receiptForm(files, { amount: 200.2, receipt_no: 'SK-2' }));

      const first = (await call('GET', '/api/order?page=1&limit=15')).json().data;
      expect(first.data).toHaveLength(15);
      expect(first.meta).toEqual({ total: 16, page: 1, limit: 15 });
      expect(first.total).toBe(16);
      expect(first.data[0]).toEqual({
        id: newest.id,
        order_no: 'HW-016',
        customer_id: expect.any(Number),
        customer_name: 'Global Motors LLC',
        customer: { id: expect.any(Number), name: 'Global Motors LLC' },
        country: '阿联酋',
        customer_country: '阿联酋',
        agent_id: null,
        agent_name: '代理人甲',
        amount: 3,
        currency: 'USD',
        total: 30000.5,
        receipt_total: 300.3,
        status: 1,
        created_at: expect.stringMatching(/\+08:00$/),
        updated_at: expect.stringMatching(/\+08:00$/),
        cars: [expect.objectContaining({ vin: vin(16), model: '丰田 卡罗拉 2020款', order_price: 10000 })],
      });
      const second = (await call('GET', '/api/order?page=2')).json().data;
      expect(second.data.map((row: { order_no: string }) => row.order_no)).toEqual(['HW-001']);
    });

    it('narrows the list with each filter: number, total, receipt amount, VIN, customer name, days', async () => {
      const alpha = await createOrder({
        order_no: 'ALPHA-01',
        name: 'Dubai Trading',
        total: 5000,
        cars: [carLine(vin(1, 'LAA'))],
      });
      const beta = await createOrder({
        order_no: 'BETA-02',
        name: 'Lagos Autos',
        total: 7000.5,
        cars: [carLine(vin(2, 'LBB'))],
      });
      const gamma = await createOrder({ order_no: 'alpha-03', name: 'dubai motors', total: 7000.5, cars: [] });
      await call('POST', `/api/order/${beta}/receipt`, receiptForm(files, { amount: 1234.56 }));
      await t.db
        .updateTable('orders')
        .set({ created_at: '2026-03-01T15:30:00.000Z' })
        .where('id', '=', alpha)
        .execute();
      await t.db.updateTable('orders').set({ created_at: '2026-03-01T16:30:00.000Z' }).where('id', '=', beta).execute();
      await t.db
        .updateTable('orders')
        .set({ created_at: '2026-02-01T00:00:00.000Z' })
        .where('id', '=', gamma)
        .execute();
      const ids = async (query: string) => {
        const response = await call('GET', `/api/order?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response
          .json()
          .data.data.map((row: { id: number }) => row.id)
          .sort();
      };
      expect(await ids('')).toHaveLength(3);
      expect(await ids('order_no=ALPHA')).toEqual([alpha, gamma].sort());
      expect(await ids('total=7000.5')).toEqual([beta, gamma].sort());
      expect(await ids('total=7000.50&name=lagos')).toEqual([beta]);
      expect(await ids('amount=1234.56')).toEqual([beta]);
      expect(await ids('amount=0')).toEqual([alpha, gamma].sort());
      expect(await ids('vin=laa')).toEqual([alpha]);
      expect(await ids(`vin=${vin(2, 'LBB')}`)).toEqual([beta]);
      expect(await ids('name=DUBAI')).toEqual([alpha, gamma].sort());
      expect(await ids('start_time=2026-03-01&end_time=2026-03-01')).toEqual([alpha]);
      expect(await ids('start_time=2026-03-02')).toEqual([beta]);
      expect(await ids('end_time=2026-02-28')).toEqual([gamma]);
      expect(await ids('order_no=&total=&amount=&vin=&name=&start_time=&end_time=')).toHaveLength(3);
      const malformed = await call('GET', '/api/order?total=12.345');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().message).toBe('订单金额最多两位小数');
      expect((await call('GET', '/api/order?end_time=tomorrow')).statusCode).toBe(422);
    });

    it('lists all contracts and searches contract numbers (any part, at most 20)', async () => {
      for (let n = 1; n <= 22; n += 1) await createOrder({ order_no: `SO-${n}`, cars: [] });
      await createOrder({ order_no: 'OTHER-1', name: '别的客户', cars: [] });
      const all = (await call('GET', '/api/order/all')).json().data;
      expect(all).toHaveLength(23);
      expect(all[0]).toEqual({ id: expect.any(Number), order_no: 'OTHER-1', customer_name: '别的客户', status: 1 });
      const search = (await call('GET', '/api/order/search?order_no=so-')).json().data;
      expect(search).toHaveLength(20);
      expect(search[0]).toEqual({ id: expect.any(Number), order_no: 'SO-22', customer_name: 'Global Motors LLC' });
      expect(
        (await call('GET', '/api/order/search?order_no=her'))
          .json()
          .data.map((row: { order_no: string }) => row.order_no),
      ).toEqual(['OTHER-1']);
    });
  });

  describe('detail', () => {
    it('answers 404 for an unknown contract', async () => {
      expect((await call('GET', '/api/order/999')).statusCode).toBe(404);
    });

    it('shows the tax refund, deregistration and freight records with their VINs and files', async () => {
      const id = await createOrder();
      const cars = (await readOrder(id)).cars as { id: number; vin: string }[];
      const at = '2026-11-20T02:00:00.000Z';
      const stamps = { created_at: at, updated_at: at, created_by: admin.id };
      const refund = await t.db
        .insertInto('tax_refunds')
        .values({ order_id: id, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('tax_refund_vehicles')
        .values({ tax_refund_id: refund.id, vehicle_id: cars[0]!.id })
        .execute();
      const archive = await t.db
        .insertInto('deregistrations')
        .values({ order_id: id, zxzm_image: '/storage/document/2026/11/zx.pdf', ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const car of cars) {
        await t.db
          .insertInto('deregistration_vehicles')
          .values({ deregistration_id: archive.id, vehicle_id: car.id })
          .execute();
      }
      const freight = await t.db
        .insertInto('freights')
        .values({
          order_id: id,
          yffp_image: '/storage/image/2026/11/fp.jpg',
          yffkd_image: '/storage/image/2026/11/kd.pdf',
          car_images: JSON.stringify(['/storage/image/2026/11/c1.png']),
          freight_money: 123_456,
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('freight_vehicles').values({ freight_id: freight.id, vehicle_id: cars[1]!.id }).execute();

      const order = await readOrder(id);
      expect(order.drawback).toEqual([
        {
          id: refund.id,
          order_id: id,
          created_at: '2026-11-20T10:00:00.000+08:00',
          drawbackcar: [{ car_id: cars[0]!.id, vin: cars[0]!.vin }],
          // Not recorded yet (issue 26).
          drawback_money: null,
        },
      ]);
      expect(order.archive).toEqual([
        {
          id: archive.id,
          order_id: id,
          created_at: '2026-11-20T10:00:00.000+08:00',
          zxzm_image: '/storage/document/2026/11/zx.pdf',
          archivecar: cars.map((car) => ({ car_id: car.id, vin: car.vin })),
        },
      ]);
      expect(order.freight).toEqual([
        {
          id: freight.id,
          order_id: id,
          created_at: '2026-11-20T10:00:00.000+08:00',
          yffp_image: '/storage/image/2026/11/fp.jpg',
          yffkd_image: '/storage/image/2026/11/kd.pdf',
          freightcar: [{ car_id: cars[1]!.id, vin: cars[1]!.vin }],
          carimage: [{ image_url: '/storage/image/2026/11/c1.png' }],
          // The freight amount (issue 26), in yuan.
          freight_money: 1234.56,
        },
      ]);
    });
  });

  describe('receipts', () => {
    it('collects a payment (201) that the contract shows and sums', async () => {
      const id = await createOrder();
      const response = await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { is_deposit: 1 }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ code: 201, message: '操作成功', data: { id: expect.any(Number) } });
      await call(
        'POST',
        `/api/order/${id}/receipt`,
        receiptForm(files, { amount: '99.5', receipt_no: 'SK-002', receipted_at: '2026-11-21' }),
      );
      const order = await readOrder(id);
      expect(order.receipt_total).toBe(1100);
      expect(order.receipts).toEqual([
        {
          id: response.json().data.id,
          order_id: id,
          amount: 1000.5,
          currency: 'USD',
          receipt_no: 'SK-001',
          receipted_at: '2026-11-20',
          remitter: null,
          settlement: null,
          actual_total: null,
          registered_address: null,
          proof: files.proof,
          receipt: null,
          is_deposit: 1,
          created_at: expect.stringMatching(/\+08:00$/),
          updated_at: expect.stringMatching(/\+08:00$/),
        },
        expect.objectContaining({ amount: 99.5, receipt_no: 'SK-002', receipted_at: '2026-11-21', is_deposit: 0 }),
      ]);
      const audit = await historyEvents(t.db, { entity: 'receipt' });
      expect(audit).toHaveLength(2);
      expect(audit.every((row) => row.order_id === id)).toBe(true);
    });

    it('keeps the received total on the contract through every receipt added, changed or removed', async () => {
      const id = await createOrder();
      const listed = async (query: string) =>
        ((await call('GET', `/api/order?${query}`)).json().data.data as Array<{ id: number; receipt_total: number }>)
          .filter((row) => row.id === id)
          .map((row) => row.receipt_total);
      const first = (await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { amount: '100.25' }))).json()
        .data.id as number;
      await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { amount: '50', receipt_no: 'SK-2' }));
      expect(await listed('amount=150.25')).toEqual([150.25]);

      // The API edits only a receipt's settlement; an amount changed by any other path is followed too.
      await t.db.updateTable('receipts').set({ amount: 300_00 }).where('id', '=', first).execute();
      expect(await listed('amount=150.25')).toEqual([]);
      expect(await listed('amount=350')).toEqual([350]);

      // A receipt row removed by any path (a contract's deletion, a repair by hand) leaves the sum right too.
      await t.db.deleteFrom('receipts').where('id', '=', first).execute();
      expect(await listed('amount=50')).toEqual([50]);
      const stored = await t.db
        .selectFrom('orders')
        .select('receipt_total')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.receipt_total)).toBe(50_00);
    });

    it('refuses a receipt in another currency than the contract’s with 422', async () => {
      const id = await createOrder({ currency: 'CNY' });
      const response = await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { currency: 'USD' }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 422,
        message: '收款币种须与合同币种一致',
        data: { errors: { currency: ['收款币种须与合同币种一致'] } },
      });
      expect((await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { currency: 'CNY' }))).statusCode).toBe(
        201,
      );
    });

    it('answers 422 with the dialog messages and 404 for an unknown contract', async () => {
      const id = await createOrder();
      const empty = await call('POST', `/api/order/${id}/receipt`, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('请填写收款金额');
      expect(empty.json().data.errors).toEqual({
        amount: ['请填写收款金额'],
        currency: ['请选择收款币种'],
        receipt_no: ['请填写收款单号'],
        receipted_at: ['请选择收款日期'],
        proof: ['请上传支付证明'],
      });
      const cases: [Record<string, unknown>, string][] = [
        [{ proof: '' }, '请上传支付证明'],
        [{ amount: 0 }, '收款金额必须大于 0'],
        [{ amount: 1.005 }, '收款金额最多两位小数'],
        [{ receipted_at: '2026-02-30' }, '日期格式不正确'],
        [{ receipted_at: '20/11/2026' }, '日期格式不正确'],
        [{ is_deposit: 2 }, '是否定金只能选择是或否'],
      ];
      for (const [overrides, message] of cases) {
        const response = await call('POST', `/api/order/${id}/receipt`, receiptForm(files, overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
        expect(response.json().message, JSON.stringify(overrides)).toBe(message);
      }
      expect(await countRows('receipts')).toBe(0);
      expect((await call('POST', '/api/order/999/receipt', receiptForm(files))).statusCode).toBe(404);
    });

    it('refuses an amount out of range, negative or with three decimals (API.md money), never changing it', async () => {
      const id = await createOrder();
      const refusals: [string, Record<string, unknown>, string, string][] = [
        ['POST', { amount: 9_999_999_999_999 }, 'amount', '收款金额不能超过 999,999,999,999.99'],
        ['POST', { amount: -100 }, 'amount', '收款金额不能为负数'],
        ['POST', { amount: '0.001' }, 'amount', '收款金额最多两位小数'],
      ];
      for (const [, overrides, field, message] of refusals) {
        const response = await call('POST', `/api/order/${id}/receipt`, receiptForm(files, overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
        expect(response.json().data.errors[field], JSON.stringify(overrides)).toEqual([message]);
      }
      expect(await countRows('receipts')).toBe(0);

      const contractRefusals: [Record<string, unknown>, string, string][] = [
        [{ total: 9_999_999_999_999 }, 'total', '订单总额不能超过 999,999,999,999.99'],
        [{ total: -100 }, 'total', '订单总额不能为负数'],
        [{ total: 0.001 }, 'total', '订单总额最多两位小数'],
        [{ total: 0 }, 'total', '订单总额必须大于 0'],
        [
          { cars: [carLine(vin(7), { order_price: 9_999_999_999_999 })] },
          'cars.0.order_price',
          '车辆售价不能超过 999,999,999,999.99',
        ],
        [{ cars: [carLine(vin(7), { order_price: -100 })] }, 'cars.0.order_price', '车辆售价不能为负数'],
        [{ cars: [carLine(vin(7), { order_price: '0.001' })] }, 'cars.0.order_price', '车辆售价最多两位小数'],
        [{ cars: [carLine(vin(7), { order_price: 0 })] }, 'cars.0.order_price', '车辆售价必须大于 0'],
        [{ cars: [carLine(vin(7), { invoice: -100 })] }, 'cars.0.invoice', '服务费不能为负数'],
        [{ cars: [carLine(vin(7), { other: 0.001 })] }, 'cars.0.other', '其他费用最多两位小数'],
        [
          { cars: [carLine(vin(7), { other: 9_999_999_999_999 })] },
          'cars.0.other',
          '其他费用不能超过 999,999,999,999.99',
        ],
      ];
      for (const [overrides, field, message] of contractRefusals) {
        const response = await call('POST', '/api/order', orderForm(files, { order_no: 'HW-MONEY', ...overrides }));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
        expect(response.json().data.errors[field], JSON.stringify(overrides)).toEqual([message]);
      }
      expect(await countRows('orders')).toBe(1);

      // Fees may be 0 and the largest amount is taken as it is.
      const edge = await createOrder({
        order_no: 'HW-EDGE',
        total: 999_999_999_999.99,
        cars: [carLine(vin(8), { order_price: '999999999999.99', invoice: 0, other: '0' })],
      });
      const saved = await readOrder(edge);
      expect(saved.total).toBe(999_999_999_999.99);
      expect(saved.cars[0]).toMatchObject({ order_price: 999_999_999_999.99, invoice: 0, other: 0 });

      const receiptId = (await call('POST', `/api/order/${id}/receipt`, receiptForm(files))).json().data.id;
      for (const [settlement, message] of [
        [-100, '结汇金额不能为负数'],
        [9_999_999_999_999, '结汇金额不能超过 999,999,999,999.99'],
        ['0.001', '结汇金额最多两位小数'],
      ] as const) {
        const response = await call('PUT', `/api/receipt/${receiptId}`, {
          receipt_no: 'SK-1',
          receipted_at: '2026-11-22',
          settlement,
        });
        expect(response.statusCode, String(settlement)).toBe(422);
        expect(response.json().data.errors.settlement).toEqual([message]);
      }
    });

    it('updates a receipt (200) with the update dialog’s fields; stale saves answer 409', async () => {
      const id = await createOrder();
      const receiptId = (await call('POST', `/api/order/${id}/receipt`, receiptForm(files))).json().data.id;
      const read = (await readOrder(id)).receipts[0];
      const response = await call('PUT', `/api/receipt/${receiptId}`, {
        receipt_no: 'SK-001-改',
        receipted_at: '2026-11-22',
        settlement: '7000.12',
        actual_total: 6999.5,
        registered_address: '上海市浦东新区',
        updated_at: read.updated_at,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        code: 200,
        message: '编辑成功',
        data: {
          id: receiptId,
          amount: 1000.5,
          receipt_no: 'SK-001-改',
          receipted_at: '2026-11-22',
          settlement: 7000.12,
          actual_total: 6999.5,
          registered_address: '上海市浦东新区',
        },
      });
      const stale = await call('PUT', `/api/receipt/${receiptId}`, {
        receipt_no: 'X',
        receipted_at: '2026-11-22',
        settlement: 1,
        updated_at: read.updated_at,
      });
      expect(stale.statusCode).toBe(409);
      expect((await readOrder(id)).receipts[0].receipt_no).toBe('SK-001-改');

      const empty = await call('PUT', `/api/receipt/${receiptId}`, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('请填写收款单号');
      expect(empty.json().data.errors).toEqual({
        receipt_no: ['请填写收款单号'],
        receipted_at: ['请选择收款日期'],
        settlement: ['请填写结汇金额'],
      });
      // Actual amount and registered address are optional.
      const minimal = await call('PUT', `/api/receipt/${receiptId}`, {
        receipt_no: 'SK-9',
        receipted_at: '2026-11-23',
        settlement: 1,
      });
      expect(minimal.statusCode).toBe(200);
      expect(minimal.json().data).toMatchObject({ actual_total: null, registered_address: null });
      expect(
        (await call('PUT', '/api/receipt/999', { receipt_no: 'x', receipted_at: '2026-11-23', settlement: 1 }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('the files a contract and its receipts name', () => {
    const MESSAGE = '文件地址不正确，请重新上传';
    /** Every row a refused save could have written. */
    const snapshot = async () => ({
      orders: await t.db.selectFrom('orders').selectAll().orderBy('id').execute(),
      receipts: await t.db.selectFrom('receipts').selectAll().orderBy('id').execute(),
      customers: await countRows('customers'),
      vehicles: await t.db.selectFrom('vehicles').selectAll().orderBy('id').execute(),
      audit: await t.db.selectFrom('history_events').select('id').execute(),
    });
    /** A real export of the contract list: a file that exists under /storage/exports, never a document. */
    const exportFile = async () => {
      const response = await call('GET', '/api/order/export');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.download_url as string;
    };
    const expectRefused = (response: Awaited<ReturnType<typeof call>>, field: string, label: string) => {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
      expect(response.json(), label).toEqual({ code: 422, message: MESSAGE, data: { errors: { [field]: [MESSAGE] } } });
    };

    it('refuses a new contract naming an export, a file never uploaded or one uploaded into another slot; writes nothing', async () => {
      const exported = await exportFile();
      expect(exported).toMatch(/^\/storage\/exports\//);
      const before = await snapshot();
      const cases: [string, Record<string, unknown>, string][] = [
        ['an export as a contract file', { contracts: [exported] }, 'contracts.0'],
        [
          'a path never uploaded',
          { contracts: [files.contract, `${files.contract.slice(0, -4)}0.pdf`] },
          'contracts.1',
        ],
        ['a photo (image slot) as a contract file', { contracts: [files.proof] }, 'contracts.0'],
        ['an agreement upload as a contract file', { contracts: [files.agreement] }, 'contracts.0'],
        ['a contract file as the agreement', { agreement: files.contractScan }, 'agreement'],
        ['an export as the agreement', { agreement: exported }, 'agreement'],
      ];
      for (const [label, overrides, field] of cases) {
        expectRefused(await call('POST', '/api/order', orderForm(files, overrides)), field, label);
      }
      expect(await snapshot()).toEqual(before);

      // The same form with files uploaded into the right slots is saved.
      const id = await createOrder({ contracts: [files.contract, files.contractScan], agreement: files.agreement });
      expect(await readOrder(id)).toMatchObject({
        contracts: [files.contract, files.contractScan],
        agreement: files.agreement,
      });
    });

    it('keeps a contract’s files from before uploads were recorded, and refuses new ones that were never uploaded', async () => {
      const id = await createOrder({ agreement: files.agreement });
      const legacy = '/storage/contract/2024/05/legacy-contract.pdf';
      const legacyAgreement = '/storage/agreement/2024/05/legacy.rar';
      await t.db
        .updateTable('orders')
        .set({ contracts: JSON.stringify([legacy]), agreement: legacyAgreement })
        .where('id', '=', id)
        .execute();

      const read = await readOrder(id);
      const kept = await call('PUT', `/api/order/${id}`, {
        ...orderForm(files, { contracts: [legacy, files.contract], agreement: legacyAgreement, total: 1 }),
        updated_at: read.updated_at,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await readOrder(id)).toMatchObject({ contracts: [legacy, files.contract], agreement: legacyAgreement });

      const current = await readOrder(id);
      const before = await snapshot();
      const exported = await exportFile();
      for (const [label, overrides, field] of [
        ['another legacy-looking path', { contracts: [legacy, '/storage/contract/2024/05/other.pdf'] }, 'contracts.1'],
        ['a photo as a contract file', { contracts: [legacy, files.proof] }, 'contracts.1'],
        ['an export as the agreement', { contracts: [legacy], agreement: exported }, 'agreement'],
      ] as const) {
        const response = await call('PUT', `/api/order/${id}`, {
          ...orderForm(files, { ...overrides, total: 2 }),
          updated_at: current.updated_at,
        });
        expectRefused(response, field, label);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('takes a receipt’s proof and tax slip only from the image slot; an old tax slip stays', async () => {
      const id = await createOrder();
      const before = await snapshot();
      const exported = await exportFile();
      for (const [label, proof] of [
        ['a contract file as proof', files.contract],
        ['an export as proof', exported],
        ['a path never uploaded', '/storage/image/2026/11/0123456789abcdef0123456789abcdef.jpg'],
      ] as const) {
        expectRefused(await call('POST', `/api/order/${id}/receipt`, receiptForm(files, { proof })), 'proof', label);
      }
      expect(await snapshot()).toEqual(before);

      const receiptId = (await call('POST', `/api/order/${id}/receipt`, receiptForm(files))).json().data.id as number;
      const update = async (receipt: string | undefined) => {
        const current = (await readOrder(id)).receipts[0];
        return call('PUT', `/api/receipt/${receiptId}`, {
          receipt_no: 'SK-001',
          receipted_at: '2026-11-22',
          settlement: 7000,
          updated_at: current.updated_at,
          ...(receipt === undefined ? {} : { receipt }),
        });
      };
      const unchanged = await snapshot();
      expectRefused(await update(files.agreement), 'receipt', 'an agreement as the tax slip');
      expectRefused(await update(exported), 'receipt', 'an export as the tax slip');
      expect(await snapshot()).toEqual(unchanged);

      const saved = await update(files.proof);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.receipt).toBe(files.proof);

      const legacySlip = '/storage/image/2024/05/legacy-slip.jpg';
      await t.db.updateTable('receipts').set({ receipt: legacySlip }).where('id', '=', receiptId).execute();
      const legacy = await update(legacySlip);
      expect(legacy.statusCode, legacy.body).toBe(200);
      expect(legacy.json().data.receipt).toBe(legacySlip);
    });
  });
});
