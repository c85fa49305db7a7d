import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../../tests/helpers/factories';
import { caller, orderForm, uploadOverseasFiles } from '../../../../tests/helpers/overseas';

describe('customers and customer types', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;
  let call: ReturnType<typeof caller>;

  beforeEach(async () => {
    t = await buildTestApp();
    admin = await loggedInStaff(t.app, { username: 'admin', nickname: '管理员' });
    call = caller(t.app, admin.token);
  });

  afterEach(async () => {
    await t.close();
  });

  const audits = (entity: string, entityId: number) => historyEvents(t.db, { entity, entityId });

  const newCustomer = async (body: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/customer', { name: '客户甲', type_id: 1, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };

  /** Moves a customer's creation time (stored UTC) so that date filters can be checked. */
  const setCreatedAt = (id: number, iso: string) =>
    t.db.updateTable('customers').set({ created_at: iso }).where('id', '=', id).execute();

  it('needs a token for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/customerType'],
      ['POST', '/api/customerType'],
      ['PUT', '/api/customerType/1'],
      ['DELETE', '/api/customerType/1'],
      ['GET', '/api/customer'],
      ['GET', '/api/customer/all'],
      ['GET', '/api/customer/search'],
      ['POST', '/api/customer'],
      ['GET', '/api/customer/1'],
      ['PUT', '/api/customer/1'],
      ['DELETE', '/api/customer/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('customer types', () => {
    it('starts with 销外客户 (1), 代理人 (2) and 供应商 (3), each saying its kind', async () => {
      const response = await call('GET', '/api/customerType');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: 1, name: '销外客户', status: 1, kind: 'customer' },
        { id: 2, name: '代理人', status: 1, kind: 'agent' },
        { id: 3, name: '供应商', status: 1, kind: 'seller' },
      ]);
    });

    it('creates (201 with id), renames (200) and deletes (204) a type, with audit rows', async () => {
      const created = await call('POST', '/api/customerType', { name: '  国内卖家 ' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ code: 201, message: '新建成功', data: { id: expect.any(Number) } });
      const { id } = created.json().data;

      const renamed = await call('PUT', `/api/customerType/${id}`, { name: '国内车商' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        code: 200,
        message: '编辑成功',
        data: { id, name: '国内车商', status: 1, kind: null },
      });
      expect((await call('GET', '/api/customerType')).json().data.map((type: { name: string }) => type.name)).toEqual([
        '销外客户',
        '代理人',
        '供应商',
        '国内车商',
      ]);

      const deleted = await call('DELETE', `/api/customerType/${id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await call('GET', '/api/customerType')).json().data).toHaveLength(3);
      expect((await audits('customer_type', id)).map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    });

    it('answers 422 for an empty name, 409 for a name taken, 404 for an unknown type', async () => {
      const empty = await call('POST', '/api/customerType', { name: ' ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        code: 422,
        message: '请输入类型名称',
        data: { errors: { name: ['请输入类型名称'] } },
      });
      const taken = await call('POST', '/api/customerType', { name: '代理人' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('该客户类型已存在');
      const { id } = (await call('POST', '/api/customerType', { name: '车商' })).json().data;
      const renameTaken = await call('PUT', `/api/customerType/${id}`, { name: '销外客户' });
      expect(renameTaken.statusCode).toBe(409);
      expect((await call('PUT', '/api/customerType/999', { name: '无' })).statusCode).toBe(404);
      expect((await call('DELETE', '/api/customerType/999')).statusCode).toBe(404);
    });

    it('refuses to delete a type that customers still use, and the three built-in types', async () => {
      const { id } = (await call('POST', '/api/customerType', { name: '车商' })).json().data;
      const customerId = await newCustomer({ type_id: id });
      const inUse = await call('DELETE', `/api/customerType/${id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toEqual({ code: 409, message: '该客户类型下还有客户，不能删除', data: null });
      expect((await call('GET', '/api/customerType')).json().data).toHaveLength(4);

      expect((await call('DELETE', `/api/customer/${customerId}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/customerType/${id}`)).statusCode).toBe(204);

      // The seller kind too, even renamed (the code finds it by its kind, not its name), and unused.
      const renamed = await call('PUT', '/api/customerType/3', { name: '国内供应商' });
      expect(renamed.json().data).toEqual({ id: 3, name: '国内供应商', status: 1, kind: 'seller' });
      for (const builtIn of [1, 2, 3]) {
        const refused = await call('DELETE', `/api/customerType/${builtIn}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('系统内置的客户类型不能删除');
      }
    });
  });

  describe('customers', () => {
    it('creates a customer (201 with id) and reads it back with its type name', async () => {
      const response = await call('POST', '/api/customer', {
        name: ' Global Motors ',
        type_id: 1,
        address: 'Dubai',
        country: '阿联酋',
        contact_name: 'Ali',
        contact_way: '+971 50 000',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ code: 201, message: '新建客户成功', data: { id: expect.any(Number) } });
      const { id } = response.json().data;
      const read = await call('GET', `/api/customer/${id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual({
        id,
        name: 'Global Motors',
        type: '销外客户',
        type_id: 1,
        address: 'Dubai',
        country: '阿联酋',
        contact_name: 'Ali',
        contact_way: '+971 50 000',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/),
        updated_at: expect.stringMatching(/\+08:00$/),
      });
      const [audit] = await audits('customer', id);
      expect(audit).toMatchObject({ action: 'create', user_id: admin.id });
    });

    it('answers 422 with the spec messages: 请输入客户名称, 请选择客户类型; unknown fields are refused', async () => {
      const missing = await call('POST', '/api/customer', { address: 'x' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        code: 422,
        message: '请输入客户名称',
        data: { errors: { name: ['请输入客户名称'], type_id: ['请选择客户类型'] } },
      });
      const noType = await call('POST', '/api/customer', { name: '客户', type_id: '' });
      expect(noType.json().message).toBe('请选择客户类型');
      const unknownType = await call('POST', '/api/customer', { name: '客户', type_id: 99 });
      expect(unknownType.statusCode).toBe(422);
      expect(unknownType.json().message).toBe('请选择客户类型');
      const smuggled = await call('POST', '/api/customer', { name: '客户', type_id: 1, created_by: 5 });
      expect(smuggled.statusCode).toBe(422);
      expect(smuggled.json().data.errors).toEqual({ created_by: ['不支持的字段'] });
      expect(await t.db.selectFrom('customers').select('id').execute()).toHaveLength(0);
    });

    it('pages 15 at a time, newest first, with data, meta and total', async () => {
      for (let n = 1; n <= 17; n += 1) await newCustomer({ name: `客户${n}` });
      const first = (await call('GET', '/api/customer?page=1&limit=15')).json().data;
      expect(first.data).toHaveLength(15);
      expect(first.meta).toEqual({ total: 17, page: 1, limit: 15 });
      expect(first.total).toBe(17);
      expect(first.data[0].name).toBe('客户17');
      const second = (await call('GET', '/api/customer?page=2')).json().data;
      expect(second.data.map((customer: { name: string }) => customer.name)).toEqual(['客户2', '客户1']);
      // The last page, a page past the end and a filter's only page all tell the same totals.
      expect(second.meta).toEqual({ total: 17, page: 2, limit: 15 });
      const past = (await call('GET', '/api/customer?page=3')).json().data;
      expect(past).toMatchObject({ data: [], meta: { total: 17, page: 3 } });
      const one = (await call('GET', `/api/customer?name=${encodeURIComponent('客户1')}`)).json().data;
      expect(one.meta.total).toBe(9);
      const none = (await call('GET', `/api/customer?name=${encodeURIComponent('没有')}`)).json().data;
      expect(none).toMatchObject({ data: [], meta: { total: 0 } });
    });

    it('filters by type, by any part of the name ignoring case, and by creation day (end inclusive, Asia/Shanghai)', async () => {
      const dubai = await newCustomer({ name: 'Dubai Cars FZE' });
      const agent = await newCustomer({ name: '代理 dubai 王', type_id: 2 });
      const lagos = await newCustomer({ name: 'Lagos Autos' });
      // 2026-03-01 23:30 in Shanghai.
      await setCreatedAt(dubai, '2026-03-01T15:30:00.000Z');
      // 2026-03-02 00:30 in Shanghai (still 1 March in UTC).
      await setCreatedAt(agent, '2026-03-01T16:30:00.000Z');
      await setCreatedAt(lagos, '2026-02-28T01:00:00.000Z');
      const names = async (query: string) =>
        (await call('GET', `/api/customer?${query}`))
          .json()
          .data.data.map((row: { id: number }) => row.id)
          .sort();

      expect(await names('type_id=1')).toEqual([dubai, lagos].sort());
      expect(await names('type_id=2')).toEqual([agent]);
      expect(await names('name=DUBAI')).toEqual([dubai, agent].sort());
      expect(await names('name=dubai&type_id=1')).toEqual([dubai]);
      expect(await names('start_time=2026-03-01&end_time=2026-03-01')).toEqual([dubai]);
      expect(await names('start_time=2026-03-02')).toEqual([agent]);
      expect(await names('end_time=2026-02-28')).toEqual([lagos]);
      expect(await names('name=&type_id=')).toHaveLength(3);
      expect(await names('name=100%25')).toEqual([]);

      const malformed = await call('GET', '/api/customer?start_time=2026/03/01');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().message).toBe('日期格式不正确');
    });

    it('lists every customer for the contract form with type names', async () => {
      const id = await newCustomer({
        name: '代理人乙',
        type_id: 2,
        address: '广州',
        contact_way: '138',
        country: '中国',
      });
      const all = await call('GET', '/api/customer/all');
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toEqual([
        { id, name: '代理人乙', type: '代理人', type_id: 2, address: '广州', contact_way: '138', country: '中国' },
      ]);
    });

    it('searches as the clerk types: at most 20, the exact name first, then names starting with it', async () => {
      const names = async (query: string) =>
        ((await call('GET', `/api/customer/search?${query}`)).json().data as Array<{ name: string }>).map(
          (row) => row.name,
        );
      for (let n = 1; n <= 25; n += 1) await newCustomer({ name: `批量客户${String(n).padStart(2, '0')}` });
      await newCustomer({ name: '东方汽车贸易' });
      await newCustomer({ name: '汽车' });
      await newCustomer({ name: '汽车城', type_id: 2 });
      await newCustomer({ name: 'Abu 100% Motors' });

      const all = await names('name=客户');
      expect(all).toHaveLength(20);
      // Ranked alike (containing, same length): the newest first.
      expect(all[0]).toBe('批量客户25');

      // Two characters, as many Chinese names are: exact, then starting with, then containing.
      expect(await names('name=汽车')).toEqual(['汽车', '汽车城', '东方汽车贸易']);
      expect(await names('name=汽车&type_id=2')).toEqual(['汽车城']);
      expect(await names('name=100%25')).toEqual(['Abu 100% Motors']);
      expect(await names('name=motors')).toEqual(['Abu 100% Motors']);
      expect(await names('name=没有这个客户')).toEqual([]);
      // Nothing typed yet: the newest customers, still at most 20.
      expect((await names(''))[0]).toBe('Abu 100% Motors');
      expect(await names('')).toHaveLength(20);

      const option = (await call('GET', '/api/customer/search?name=汽车城')).json().data[0];
      expect(option).toEqual({
        id: expect.any(Number),
        name: '汽车城',
        type: '代理人',
        type_id: 2,
        address: null,
        contact_way: null,
        country: null,
      });
      expect((await call('GET', '/api/customer/search?type_id=x')).statusCode).toBe(422);
    });

    it('updates a customer (200), refuses a stale save with 409 and keeps the newer data', async () => {
      const id = await newCustomer({ name: '旧名', address: '旧地址' });
      const read = (await call('GET', `/api/customer/${id}`)).json().data;
      const first = await call('PUT', `/api/customer/${id}`, {
        name: '新名',
        type_id: 2,
        address: '新地址',
        updated_at: read.updated_at,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: '客户编辑成功',
        data: { name: '新名', type: '代理人', address: '新地址' },
      });
      const stale = await call('PUT', `/api/customer/${id}`, {
        name: '另一个名',
        type_id: 1,
        updated_at: read.updated_at,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 409, message: '该记录已被他人修改，请刷新后重试', data: null });
      expect((await call('GET', `/api/customer/${id}`)).json().data.name).toBe('新名');
      const badStamp = await call('PUT', `/api/customer/${id}`, { name: 'x', type_id: 1, updated_at: 'yesterday' });
      expect(badStamp.statusCode).toBe(422);
      expect((await call('PUT', '/api/customer/999', { name: 'x', type_id: 1 })).statusCode).toBe(404);
      expect((await audits('customer', id)).map((row) => row.action)).toEqual(['create', 'update']);
    });

    it('deletes a customer (204) and refuses one a contract refers to, naming the contract', async () => {
      const free = await newCustomer({ name: '无合同客户' });
      expect((await call('DELETE', `/api/customer/${free}`)).statusCode).toBe(204);
      expect((await call('GET', `/api/customer/${free}`)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/customer/${free}`)).statusCode).toBe(404);

      const buyer = await newCustomer({ name: '买家' });
      const agent = await newCustomer({ name: '代理', type_id: 2 });
      const files = await uploadOverseasFiles(t.app, admin.token);
      const order = await call(
        'POST',
        '/api/order',
        orderForm(files, { customer_id: buyer, agent_id: agent, cars: [] }),
      );
      expect(order.statusCode, order.body).toBe(201);
      for (const id of [buyer, agent]) {
        const refused = await call('DELETE', `/api/customer/${id}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('该客户已被合同 HW-2026-001 使用，不能删除');
      }
      expect((await call('GET', `/api/customer/${buyer}`)).statusCode).toBe(200);
    });

    it('answers 404 for a malformed id', async () => {
      expect((await call('GET', '/api/customer/abc')).statusCode).toBe(404);
    });
  });
});
