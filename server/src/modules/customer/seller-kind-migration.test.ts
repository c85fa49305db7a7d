import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import type { AppContext } from '../../app-context';
import { createDatabase, type Db } from '../../db/database';
import { migrateToLatest, migrations } from '../../db/migrate';
import { listHistory } from '../../platform/history/list-history';

const at = '2026-11-22T01:02:03.456Z';
const stamps = { created_at: at, updated_at: at };
const MIGRATION = '2026_11_27_1200_add_seller_customer_type';
const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < MIGRATION));

/** Migration 2026_11_27_1200: the seller kind 供应商, and the customers only purchase contracts name move to it. */
describe('the seller kind migration', () => {
  let testDb: TestDatabase;
  let db: Db;
  // The schema before the migration (`customer_types.kind` is not a column yet).
  let old: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    old = db;
    await migrateToLatest(db, { migrations: BEFORE });
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const customer = async (name: string, typeId: number) =>
    (
      await old
        .insertInto('customers')
        .values({ name, type_id: typeId, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const purchase = async (no: string, customerId: number, typeId: number | null) =>
    (
      await old
        .insertInto('purchases')
        .values({
          purchase_no: no,
          type: 2,
          customer_id: customerId,
          customer_name: no,
          customer_type_id: typeId,
          amount: 1,
          total: 100,
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const order = (no: string, parties: { customer_id?: number; agent_id?: number }) =>
    old
      .insertInto('orders')
      .values({ order_no: no, customer_name: no, customer_type_id: 1, amount: 1, total: 100, ...parties, ...stamps })
      .execute();

  const typeOf = async (id: number) =>
    (await db.selectFrom('customers').select('type_id').where('id', '=', id).executeTakeFirstOrThrow()).type_id;
  const snapshotOf = async (id: number) =>
    (await db.selectFrom('purchases').select('customer_type_id').where('id', '=', id).executeTakeFirstOrThrow())
      .customer_type_id;
  const types = () => db.selectFrom('customer_types').select(['id', 'name', 'status', 'kind']).orderBy('id').execute();

  const history = (entity: string, id: number) =>
    listHistory({ db, config: { timeZone: 'Asia/Shanghai' } } as unknown as AppContext, {
      page: 1,
      limit: 15,
      entity: entity as 'customer',
      id: String(id),
    });

  it('moves a customer only purchase contracts name, with their copies of the type; one on both sides stays', async () => {
    const onlyPurchases = await customer('杭州二手车行', 1);
    const bothSides = await customer('两边都有的客户', 1);
    const onlyOrders = await customer('Almaty Motors', 1);
    const agentOnBoth = await customer('张代理', 2);
    const agentOnlyPurchases = await customer('李代理', 2);
    const nowhere = await customer('还没有合同的客户', 1);
    const [pOnly, pOnlyAgain] = [await purchase('CG-1', onlyPurchases, 1), await purchase('CG-2', onlyPurchases, null)];
    const pBoth = await purchase('CG-3', bothSides, 1);
    const pAgentBoth = await purchase('CG-4', agentOnBoth, 2);
    const pAgentOnly = await purchase('CG-5', agentOnlyPurchases, 2);
    await order('HW-1', { customer_id: bothSides });
    await order('HW-2', { customer_id: onlyOrders, agent_id: agentOnBoth });

    await migrateToLatest(db);

    expect(await types()).toEqual([
      { id: 1, name: '销外客户', status: 1, kind: 'customer' },
      { id: 2, name: '代理人', status: 1, kind: 'agent' },
      { id: 3, name: '供应商', status: 1, kind: 'seller' },
    ]);
    const moved = { [onlyPurchases]: 3, [agentOnlyPurchases]: 3 };
    const kept = { [bothSides]: 1, [onlyOrders]: 1, [agentOnBoth]: 2, [nowhere]: 1 };
    for (const [id, type] of Object.entries({ ...moved, ...kept })) expect(await typeOf(Number(id)), id).toBe(type);
    expect(await snapshotOf(pOnly)).toBe(3);
    expect(await snapshotOf(pOnlyAgain)).toBe(3);
    expect(await snapshotOf(pAgentOnly)).toBe(3);
    expect(await snapshotOf(pBoth)).toBe(1);
    expect(await snapshotOf(pAgentBoth)).toBe(2);

    // The 变更记录 of the customer and of its contracts say the type changed, by 系统 (nobody).
    const customerHistory = await history('customer', onlyPurchases);
    expect(customerHistory.data).toEqual([
      expect.objectContaining({
        by: null,
        action: 'update',
        entity: 'customer',
        entity_id: onlyPurchases,
        changes: [{ field: 'type_id', label: '客户类型', before: 1, after: 3 }],
      }),
    ]);
    expect((await history('purchase', pOnlyAgain)).data[0]?.changes).toEqual([
      { field: 'customer_type_id', label: '客户类型', before: null, after: 3 },
    ]);
    // Seeded like 销外客户 and 代理人: a new database starts with no history.
    expect((await history('customer_type', 3)).total).toBe(0);
    expect((await history('customer', bothSides)).total).toBe(0);
    expect((await history('purchase', pBoth)).total).toBe(0);
    // The customer was changed: a drawer opened before the upgrade cannot save over it unnoticed.
    const row = await db
      .selectFrom('customers')
      .select('updated_at')
      .where('id', '=', onlyPurchases)
      .executeTakeFirst();
    expect(row?.updated_at).not.toBe(at);
  });

  it('reuses a type a company already named 供应商 (enabling it), and adds none', async () => {
    const made = await old
      .insertInto('customer_types')
      .values({ name: '国内车商', ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await old
      .insertInto('customer_types')
      .values({ name: '供应商', status: 0, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    const already = await customer('早已是供应商', own.id);
    const dealer = await customer('国内车商甲', made.id);
    const pAlready = await purchase('CG-1', already, own.id);
    const pDealer = await purchase('CG-2', dealer, made.id);

    await migrateToLatest(db);

    expect(await types()).toEqual([
      { id: 1, name: '销外客户', status: 1, kind: 'customer' },
      { id: 2, name: '代理人', status: 1, kind: 'agent' },
      { id: made.id, name: '国内车商', status: 1, kind: null },
      { id: own.id, name: '供应商', status: 1, kind: 'seller' },
    ]);
    expect(await typeOf(already)).toBe(own.id);
    expect(await typeOf(dealer)).toBe(own.id);
    expect(await snapshotOf(pDealer)).toBe(own.id);
    // Already a seller: no event.
    expect((await history('customer', already)).total).toBe(0);
    expect((await history('purchase', pAlready)).total).toBe(0);
    expect((await history('customer_type', own.id)).data[0]?.changes).toEqual([
      { field: 'status', label: '状态', before: 0, after: 1 },
    ]);
  });

  it('leaves a built-in type renamed 供应商 alone and makes the seller kind its own type', async () => {
    await old.updateTable('customer_types').set({ name: '供应商' }).where('id', '=', 1).execute();
    await migrateToLatest(db);
    expect(await types()).toEqual([
      { id: 1, name: '供应商', status: 1, kind: 'customer' },
      { id: 2, name: '代理人', status: 1, kind: 'agent' },
      { id: 3, name: '国内供应商', status: 1, kind: 'seller' },
    ]);
  });

  it('keeps one type per kind and only the known kinds', async () => {
    await migrateToLatest(db);
    const refused = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch {
        return true;
      }
      return false;
    };
    const insert = (name: string, kind: string) =>
      db
        .insertInto('customer_types')
        .values({ name, kind: kind as 'seller', ...stamps })
        .execute();
    expect(await refused(insert('第二个供应商', 'seller'))).toBe(true);
    expect(await refused(insert('买家', 'buyer'))).toBe(true);
    // Types an administrator adds have no kind, as many as they like.
    await db
      .insertInto('customer_types')
      .values([
        { name: '甲', ...stamps },
        { name: '乙', ...stamps },
      ])
      .execute();
    expect((await types()).filter((type) => type.kind === null)).toHaveLength(2);
  });
});
