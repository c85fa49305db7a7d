import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { countCustomers, listCustomers } from '../modules/customer/customer.repository';
import { type OrderFilters, orderList, searchOrderNumbers } from '../modules/overseas/overseas.repository';
import { type PurchaseFilters, purchaseList } from '../modules/purchase/purchase.repository';
import { searchVehicles } from '../modules/vehicle/vehicle.repository';
import { countVinCorrections, listVinCorrections } from '../modules/vin-correction/vin-correction.repository';
import { createDatabase, type Db } from './database';
import { migrateToLatest } from './migrate';

/*
 * The "contains" filters through the trigram indexes (issue 9), on whichever database TEST_DB names:
 * the same rows as a plain `like '%…%'`, whether the text is long enough for the index or not, with
 * the index following every insert, update and delete of the rows.
 */

const TZ = 'Asia/Shanghai';
const at = '2026-11-20T01:00:00.000Z';
const stamps = { created_at: at, updated_at: at };

describe('substring search through the trigram indexes', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db);
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const addCustomer = async (name: string) =>
    (
      await db
        .insertInto('customers')
        .values({ name, type_id: 1, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const addOrder = async (orderNo: string, customerName: string) =>
    (
      await db
        .insertInto('orders')
        .values({ order_no: orderNo, customer_name: customerName, amount: 3, total: 100, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const addPurchase = async (purchaseNo: string, customerName: string, orderId: number | null = null) =>
    (
      await db
        .insertInto('purchases')
        .values({
          purchase_no: purchaseNo,
          type: 1,
          order_id: orderId,
          customer_name: customerName,
          amount: 3,
          total: 100,
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const addVehicle = async (vin: string, orderId: number | null, purchaseId: number | null = null) =>
    (
      await db
        .insertInto('vehicles')
        .values({ vin, order_id: orderId, purchase_id: purchaseId, flow: 'registry', ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const orderIds = async (filters: OrderFilters) => {
    const rows = await orderList(db, TZ, filters).page(0, 50);
    // The count filters the same way as the page.
    expect(await orderList(db, TZ, filters).count()).toBe(rows.length);
    return rows.map((row) => row.id).sort((a, b) => a - b);
  };

  const purchaseIds = async (filters: PurchaseFilters) => {
    const rows = await purchaseList(db, TZ, filters).page(0, 50);
    expect(await purchaseList(db, TZ, filters).count()).toBe(rows.length);
    return rows.map((row) => row.id).sort((a, b) => a - b);
  };

  const customerNames = async (name: string) => {
    const rows = await listCustomers(db, TZ, { name }, 0, 50);
    expect(await countCustomers(db, TZ, { name })).toBe(rows.length);
    return rows.map((row) => row.name).sort();
  };

  it('finds a contract by the last six characters of one of its VINs, in either case', async () => {
    const first = await addOrder('HW-001', '阿里贸易');
    const second = await addOrder('HW-002', '阿里贸易');
    const purchase = await addPurchase('CG-001', '卖家', second);
    await addVehicle('LSVAA2180E2123456', first);
    await addVehicle('LSVAA2180E2654321', second, purchase);
    await addVehicle('LSVAA2180E2999999', second, purchase);

    expect(await orderIds({ vin: '123456' })).toEqual([first]);
    expect(await orderIds({ vin: 'e2654321' })).toEqual([second]);
    // Two of its vehicles match: the contract is listed once.
    expect(await orderIds({ vin: 'LSVAA2180E2' })).toEqual([first, second]);
    expect(await orderIds({ vin: '000000' })).toEqual([]);
    expect(await purchaseIds({ vin: '654321' })).toEqual([purchase]);
    expect(await purchaseIds({ input: '999999' })).toEqual([purchase]);
    expect((await searchVehicles(db, '123456', undefined, 20)).map((row) => row.vin)).toEqual(['LSVAA2180E2123456']);
    expect((await searchVehicles(db, 'e2', undefined, 20)).map((row) => row.vin)).toHaveLength(3);
  });

  it('finds a two-character Chinese name (too short for a trigram) and a one-character one', async () => {
    const zhangSan = await addOrder('HW-101', '张三贸易');
    const laoZhangSan = await addOrder('HW-102', '老张三');
    const zhangSi = await addOrder('HW-103', '张四');
    for (const name of ['张三贸易', '老张三', '张四']) await addCustomer(name);
    const purchase = await addPurchase('CG-101', '张三车行');
    await addPurchase('CG-102', '李四车行');

    expect(await orderIds({ name: '张三' })).toEqual([zhangSan, laoZhangSan]);
    expect(await orderIds({ name: '张' })).toEqual([zhangSan, laoZhangSan, zhangSi]);
    expect(await orderIds({ name: '张三贸' })).toEqual([zhangSan]);
    expect(await customerNames('张三')).toEqual(['张三贸易', '老张三'].sort());
    expect(await customerNames('老张三')).toEqual(['老张三']);
    expect(await purchaseIds({ name: '张三' })).toEqual([purchase]);
    expect(await purchaseIds({ input: '张三车' })).toEqual([purchase]);
  });

  it('finds contracts by a three-character part of their number, ignoring case', async () => {
    const alpha = await addOrder('HWab7-2026', 'Alpha Trading');
    const beta = await addOrder('HWAB8-2026', 'Beta Trading');
    const purchase = await addPurchase('CGxy7-2026', 'Seller', alpha);
    await addPurchase('CGXY8-2026', 'Seller', beta);

    expect(await orderIds({ orderNo: 'b7-' })).toEqual([alpha]);
    expect(await orderIds({ orderNo: 'AB' })).toEqual([alpha, beta]);
    expect(await orderIds({ orderNo: 'hwab' })).toEqual([alpha, beta]);
    expect(await orderIds({ name: 'ALPHA' })).toEqual([alpha]);
    expect((await searchOrderNumbers(db, 'Ab7', 20)).map((row) => row.order_no)).toEqual(['HWab7-2026']);
    expect(await purchaseIds({ orderNo: 'ab7' })).toEqual([purchase]);
    expect(await purchaseIds({ purchaseNo: 'Y7-' })).toEqual([purchase]);
    expect(await purchaseIds({ input: 'xy7' })).toEqual([purchase]);
  });

  it('finds a whole number or VIN only where all of it is, not just its last characters', async () => {
    const thisYear = await addOrder('HW2026025000', 'Alpha Trading');
    const lastYear = await addOrder('HW2025025000', 'Alpha Trading');
    const purchase = await addPurchase('CG2026-025000', 'Seller', thisYear);
    await addPurchase('CG2025-025000', 'Seller', lastYear);
    await addVehicle('LSVAA2180E2123456', thisYear, purchase);
    await addVehicle('LFVAA2180E2123456', lastYear);

    expect(await orderIds({ orderNo: 'HW2026025000' })).toEqual([thisYear]);
    expect(await orderIds({ orderNo: 'hw2025025000' })).toEqual([lastYear]);
    expect(await orderIds({ orderNo: '025000' })).toEqual([thisYear, lastYear]);
    expect(await orderIds({ vin: 'LSVAA2180E2123456' })).toEqual([thisYear]);
    expect(await orderIds({ vin: 'fvaa2180e2123456' })).toEqual([lastYear]);
    expect(await purchaseIds({ purchaseNo: 'CG2026-025000' })).toEqual([purchase]);
    expect(await orderIds({ orderNo: 'HW2027025000' })).toEqual([]);
  });
  it('takes %, _, ", *, quotes and FTS words as plain text', async () => {
    const percent = await addOrder('HW%01', '100%纯牛"车"*');
    const underscore = await addOrder('HW_01', 'A_B OR C');
    const plain = await addOrder('HWX01', '1000纯牛车 AXB');
    for (const name of ['100%纯牛"车"*', 'A_B OR C', '1000纯牛车 AXB']) await addCustomer(name);

    expect(await orderIds({ name: '%' })).toEqual([percent]);
    expect(await orderIds({ name: '0%纯' })).toEqual([percent]);
    expect(await orderIds({ name: '"车"' })).toEqual([percent]);
    expect(await orderIds({ name: '"*' })).toEqual([percent]);
    expect(await orderIds({ name: '车"*' })).toEqual([percent]);
    expect(await orderIds({ name: '*' })).toEqual([percent]);
    expect(await orderIds({ name: '_' })).toEqual([underscore]);
    expect(await orderIds({ name: 'a_b' })).toEqual([underscore]);
    expect(await orderIds({ name: 'B OR' })).toEqual([underscore]);
    expect(await orderIds({ name: 'OR C' })).toEqual([underscore]);
    expect(await orderIds({ name: 'NEAR' })).toEqual([]);
    expect(await orderIds({ name: '纯牛车' })).toEqual([plain]);
    expect(await orderIds({ orderNo: 'W%0' })).toEqual([percent]);
    expect(await orderIds({ orderNo: 'W_0' })).toEqual([underscore]);
    expect(await orderIds({ orderNo: '!' })).toEqual([]);
    expect(await customerNames('"车"*')).toEqual(['100%纯牛"车"*']);
    expect(await customerNames('_b o')).toEqual(['A_B OR C']);
  });

  it('follows every insert, update and delete of the rows in the same transaction', async () => {
    const order = await addOrder('HW-201', '旧名字有限公司');
    const vehicle = await addVehicle('LSVAA2180E2111111', order);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('vehicles').set({ vin: 'LSVAA2180E2222222' }).where('id', '=', vehicle).execute();
      await trx.updateTable('orders').set({ customer_name: '新名字有限公司' }).where('id', '=', order).execute();
    });
    expect(await orderIds({ vin: '111111' })).toEqual([]);
    expect(await orderIds({ vin: '222222' })).toEqual([order]);
    expect(await orderIds({ name: '旧名字' })).toEqual([]);
    expect(await orderIds({ name: '新名字' })).toEqual([order]);

    // A transaction that fails leaves the index as it was.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('vehicles').set({ vin: 'LSVAA2180E2333333' }).where('id', '=', vehicle).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await orderIds({ vin: '333333' })).toEqual([]);
    expect(await orderIds({ vin: '222222' })).toEqual([order]);

    await db.deleteFrom('vehicles').where('id', '=', vehicle).execute();
    expect(await orderIds({ vin: '222222' })).toEqual([]);
    expect(await searchVehicles(db, '222222', undefined, 20)).toEqual([]);
  });

  it('searches VIN corrections by any part of the new VIN', async () => {
    const vehicle = await addVehicle('LSVAA2180E2444444', null);
    await db
      .insertInto('vin_corrections')
      .values({ vehicle_id: vehicle, vin_old: 'LSVAA2180E2000000', vin_new: 'LSVAA2180E2444444', created_at: at })
      .execute();
    expect((await listVinCorrections(db, '444444', 0, 20)).map((row) => row.vin_new)).toEqual(['LSVAA2180E2444444']);
    expect(await countVinCorrections(db, 'e2444')).toBe(1);
    expect(await countVinCorrections(db, '000000')).toBe(0);
    expect(await countVinCorrections(db, '44')).toBe(1);
  });
});
