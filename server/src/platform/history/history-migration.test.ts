import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import type { AppContext } from '../../app-context';
import { createDatabase, type Db } from '../../db/database';
import { migrateToLatest, migrations } from '../../db/migrate';
import { listHistory } from './list-history';

const at = '2026-11-22T01:02:03.456Z';
const stamps = { created_at: at, updated_at: at };
const BEFORE_HISTORY = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_25_1200'));

/** Migration 2026_11_25_1200: the older audit rows move into the history, in its words, with vehicle links. */
describe('the history migration', () => {
  let testDb: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.config);
    await migrateToLatest(db, { migrations: BEFORE_HISTORY });
  });

  afterEach(async () => {
    await db.destroy();
    await testDb.cleanup();
  });

  const read = (query: Record<string, unknown>) =>
    listHistory({ db, config: { timeZone: 'Asia/Shanghai' } } as unknown as AppContext, {
      page: 1,
      limit: 15,
      ...query,
    });

  it('moves contract, car, receipt, stage, hand-over, correction and staff rows; leaves logins in audit_log', async () => {
    const user = await db
      .insertInto('users')
      .values({ username: 'admin', nickname: '管理员', phone_number: '1', password_hash: 'scrypt$x', ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vehicle = (vin: string) =>
      db
        .insertInto('vehicles')
        .values({ vin, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const a = await vehicle('LSV00000000000001');
    const b = await vehicle('LSV00000000000002');
    // b's VIN was corrected since the stage record named it by its old one.
    await db
      .insertInto('vin_corrections')
      .values({
        vehicle_id: b,
        vin_old: 'LSVOLD0000000002X',
        vin_new: 'LSV00000000000002',
        user_id: user.id,
        created_at: at,
      })
      .execute();
    const row = (action: string, entity: string, entityId: number | null, before: unknown, after: unknown) => ({
      user_id: user.id,
      action,
      entity,
      entity_id: entityId,
      before_json: before === undefined ? null : JSON.stringify(before),
      after_json: after === undefined ? null : JSON.stringify(after),
      ip: '127.0.0.1',
      request_id: 'r',
      created_at: at,
    });
    await db
      .insertInto('audit_log')
      .values([
        row('login', 'session', 1, undefined, undefined),
        row('create', 'order', 7, undefined, { order_no: 'HW-1', total: 1_000_050, cars: ['LSV00000000000001'] }),
        row('create', 'vehicle', a, undefined, { vin: 'LSV00000000000001', order_id: 7, order_price: 500_000 }),
        row('create', 'receipt', 3, undefined, { order_id: 7, amount: 100_025 }),
        row('update', 'order', 7, { order_no: 'HW-1', status: 1, updated_at: at }, { order_no: 'HW-2' }),
        row('create_release', 'release_passes', 5, undefined, {
          fxt_image: '/storage/image/a.jpg',
          vins: ['LSV00000000000001', 'LSVOLD0000000002X'],
          value: 2,
        }),
        row('hand_over_release', 'purchase', 9, { flow: 'release', vins: ['LSV00000000000001'] }, { flow: 'filing' }),
        row('correct_vin', 'vehicle', b, { vin: 'LSVOLD0000000002X' }, { vin: 'LSV00000000000002', correction_id: 1 }),
        row(
          'update',
          'user',
          user.id,
          { nickname: '管理', password_hash: 'scrypt$old' },
          { nickname: '管理员', password_hash: 'scrypt$new' },
        ),
        row('logout', 'session', 1, undefined, undefined),
      ])
      .execute();

    await migrateToLatest(db);

    const order = await read({ entity: 'order', id: '7' });
    expect(order.data.map((event) => `${event.entity}:${event.action}`)).toEqual([
      'order:update',
      'receipt:create',
      'car:create',
      'order:create',
    ]);
    expect(order.data[0]?.changes).toEqual([{ field: 'order_no', label: '海外合同号', before: 'HW-1', after: 'HW-2' }]);
    expect(order.data[0]?.by).toEqual({ id: user.id, nickname: '管理员' });
    expect(order.data[1]?.changes).toContainEqual({
      field: 'amount',
      label: '收款金额',
      before: null,
      after: '1000.25',
    });
    expect(order.data[3]?.changes).toContainEqual({
      field: 'total',
      label: '订单总额',
      before: null,
      after: '10000.50',
    });

    const carA = await read({ vehicle_id: a });
    expect(carA.data.map((event) => `${event.entity}:${event.action}`)).toEqual([
      'purchase:hand_over',
      'release:create',
      'car:create',
    ]);
    expect(carA.data[1]?.changes).toContainEqual({
      field: 'fxt_image',
      label: '放行条',
      before: null,
      after: '/storage/image/a.jpg',
    });
    expect(carA.data[0]?.changes).toEqual([{ field: 'flow', label: '所在环节', before: 'release', after: 'filing' }]);
    const carB = await read({ vehicle_id: b });
    expect(carB.data.map((event) => `${event.entity}:${event.action}:${String(event.entity_id)}`)).toEqual([
      'vin_alter:correct_vin:1',
      'release:create:5',
    ]);

    const staff = await read({ entity: 'user', id: String(user.id) });
    expect(staff.data[0]?.changes).toEqual([{ field: 'nickname', label: '姓名', before: '管理', after: '管理员' }]);
    expect(JSON.stringify(await db.selectFrom('history_events').selectAll().execute())).not.toContain('scrypt$');

    // Logins and logouts are not history: they alone stay in audit_log.
    expect(await db.selectFrom('audit_log').select(['action', 'entity']).orderBy('id').execute()).toEqual([
      { action: 'login', entity: 'session' },
      { action: 'logout', entity: 'session' },
    ]);
  });
});
