import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../tests/helpers/factories';
import { caller, orderForm, type OverseasFiles, uploadOverseasFiles } from '../../../tests/helpers/overseas';

/**
 * Malformed dates, numbers, ids and text are refused with a Chinese message before they reach the
 * database: 422 for bodies and query filters, 404 for a path id. None of them may answer 500 or open
 * a record they do not name.
 */

describe('malformed input', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let files: OverseasFiles;
  let customerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await loggedInStaff(t.app);
    call = caller(t.app, admin.token);
    files = await uploadOverseasFiles(t.app, admin.token);
    const customer = await call('POST', '/api/customer', { name: '客户甲', type_id: 1 });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().data.id;
  });

  afterAll(async () => {
    await t.close();
  });

  /** Rows of every business table, to show that a refusal wrote nothing. */
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['users', 'customers', 'customer_types', 'orders', 'vehicles', 'receipts', 'audit_log']) {
      const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(
        t.db,
      );
      counts[table] = Number(row.rows[0]?.count);
    }
    return counts;
  };

  const listsWithDates = ['/api/customer', '/api/order', '/api/order/export', '/api/order/receipt/export'];

  it('refuses impossible dates in list and export filters with 422 日期格式不正确', async () => {
    for (const list of listsWithDates) {
      for (const query of [
        'end_time=9999-99-99',
        'start_time=2026-13-45',
        'start_time=2026-02-30',
        'end_time=26-11-01',
        'start_time=0099-01-01',
        'end_time=2026-11-01T00:00',
      ]) {
        const response = await call('GET', `${list}?${query}`);
        expect(response.statusCode, `${list}?${query}`).toBe(422);
        expect(response.json().message, `${list}?${query}`).toBe('日期格式不正确');
      }
    }
  });

  it('accepts the far future and the last day of leap years as dates', async () => {
    for (const list of listsWithDates) {
      for (const query of ['end_time=9999-12-31', 'start_time=2028-02-29&end_time=9999-12-31']) {
        const response = await call('GET', `${list}?${query}`);
        expect(response.statusCode, `${list}?${query}: ${response.body}`).toBe(200);
      }
    }
    const all = await call('GET', '/api/customer?end_time=9999-12-31');
    expect(all.json().data.total).toBe(1);
  });

  it('opens a record only by its plain decimal id', async () => {
    expect((await call('GET', `/api/customer/${customerId}`)).statusCode).toBe(200);
    for (const id of ['1e0', '0x1', '+1', '%201', '1.0', '01', '-1', '0', '99999999999', '2147483648', '1%00']) {
      const response = await call('GET', `/api/customer/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ code: 404, message: '记录不存在', data: null });
    }
    // 2147483647 is the largest id a PostgreSQL integer holds: a plain 404, not a database error.
    expect((await call('GET', '/api/customer/2147483647')).statusCode).toBe(404);
  });

  it('refuses loose ids in bodies and filters with 422, writing nothing', async () => {
    const before = await rowCounts();
    for (const typeId of ['0x10', '1e0', '+1', ' 1', '1.0', 99_999_999_999, '2147483648', 1.5, -1]) {
      const response = await call('POST', '/api/customer', { name: '客户乙', type_id: typeId });
      expect(response.statusCode, String(typeId)).toBe(422);
      expect(response.json().data.errors, String(typeId)).toHaveProperty('type_id');
    }
    for (const query of ['type_id=0x1', 'page=1e0', 'page=0x1', 'limit=1.5e1', 'page=99999999999']) {
      const response = await call('GET', `/api/customer?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL character in any text field or filter, on both databases, writing nothing', async () => {
    const before = await rowCounts();
    const bodies: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/customer', { name: '客户\u0000丙', type_id: 1 }],
      ['POST', '/api/customerType', { name: '类型\u0000' }],
      ['PUT', `/api/customer/${customerId}`, { name: '客户甲', type_id: 1, address: '迪拜\u0000' }],
      ['POST', '/api/order', orderForm(files, { order_no: 'HW-\u0000-1' })],
      [
        'POST',
        '/api/user',
        { username: 'clerk', nickname: '业务\u0000员', phone_number: '13800000000', password: 'a'.repeat(32) },
      ],
      ['POST', '/api/car/vinAlter', { vinOld: 'LSV00000000000001', vinNew: 'LSV0000000000000\u0000' }],
    ];
    for (const [method, url, body] of bodies) {
      const response = await call(method as 'POST', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(422);
      expect(response.json().message, `${method} ${url}`).toBe('内容包含无效字符');
    }
    for (const url of [
      '/api/customer?name=%00',
      '/api/order?order_no=HW%00',
      '/api/order/export?name=a%00b',
      '/api/customer/search?name=%00',
      '/api/car/search?vin=LSV%00',
      '/api/order/search?order_no=%00',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(422);
    }
    const keyWithNul = await call('POST', '/api/customer', '{"name":"客户丁","type_id":1,"x\\u0000":1}', {
      'content-type': 'application/json',
    });
    expect(keyWithNul.statusCode).toBe(422);
    expect(await rowCounts()).toEqual(before);
  });

  it('names fields called like built-in properties as fields, not a 500', async () => {
    for (const field of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const response = await call('POST', '/api/customerType', { name: '类型', [field]: [] });
      expect(response.statusCode, field).toBe(422);
      expect(response.json(), field).toEqual({
        code: 422,
        message: '不支持的字段',
        data: { errors: { [field]: ['不支持的字段'] } },
      });
    }
    const query = await call('GET', '/api/upload/names?paths=/storage/a.pdf&__proto__=&constructor=1');
    expect(query.statusCode).toBe(422);
    const onlyText = await call('POST', '/api/customer', '"a\\u0000b"', { 'content-type': 'application/json' });
    expect(onlyText.statusCode).toBe(422);
    expect(onlyText.json().data.errors).toEqual({ '': ['内容包含无效字符'] });
  });

  it('refuses an existing customer under an unknown customer type with 422, not a foreign-key 500', async () => {
    const before = await rowCounts();
    const response = await call('POST', '/api/order', orderForm(files, { customer_id: customerId, type_id: 999 }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().data.errors).toHaveProperty('type_id');
    expect(await rowCounts()).toEqual(before);
  });
});
