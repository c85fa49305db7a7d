import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../tests/helpers/factories';
import { caller } from '../../../tests/helpers/overseas';
import { HttpError } from '../http-errors';
import { saveUnlessChanged, updateRowIfUnchanged } from './guarded-update';

describe('the guarded save of a record a clerk read', () => {
  let t: TestApp;
  let customerId: number;
  const actor = { userId: null, ip: '127.0.0.1', requestId: 'guarded-update-test' };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await loggedInStaff(t.app);
    const created = await caller(t.app, admin.token)('POST', '/api/customer', { name: '客户甲', type_id: 1 });
    customerId = created.json().data.id;
  });

  afterAll(async () => {
    await t.close();
  });

  const readCustomer = () =>
    t.db.selectFrom('customers').select(['name', 'updated_at']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const auditRows = () =>
    t.db.selectFrom('history_events').select('id').where('request_id', '=', actor.requestId).execute();

  it('writes only while the row still has the updated_at that was read: of two saves, one wins', async () => {
    const read = await readCustomer();
    const first = await updateRowIfUnchanged(
      t.db,
      'customers',
      customerId,
      { name: '客户乙', updated_at: '2030-01-01T00:00:00.000Z' },
      read.updated_at,
    );
    const second = await updateRowIfUnchanged(
      t.db,
      'customers',
      customerId,
      { name: '客户丙', updated_at: '2030-01-01T00:00:00.001Z' },
      read.updated_at,
    );
    expect([first, second]).toEqual([true, false]);
    expect((await readCustomer()).name).toBe('客户乙');
  });

  it('refuses a stale save with 409 该记录已被他人修改，请刷新后重试 and writes no audit row', async () => {
    const save = saveUnlessChanged(
      t.db,
      actor,
      () => updateRowIfUnchanged(t.db, 'customers', customerId, { name: '客户丁' }, '2000-01-01T00:00:00.000Z'),
      () => ({ action: 'update', entity: 'customer', entityId: customerId }),
    );
    await expect(save).rejects.toEqual(new HttpError(409, '该记录已被他人修改，请刷新后重试'));
    expect((await readCustomer()).name).toBe('客户乙');
    expect(await auditRows()).toEqual([]);
  });

  it('writes the audit row after a save that went through', async () => {
    const read = await readCustomer();
    await saveUnlessChanged(
      t.db,
      actor,
      () =>
        updateRowIfUnchanged(
          t.db,
          'customers',
          customerId,
          { name: '客户戊', updated_at: '2031-01-01T00:00:00.000Z' },
          read.updated_at,
        ),
      () => ({ action: 'update', entity: 'customer', entityId: customerId }),
    );
    expect((await readCustomer()).name).toBe('客户戊');
    expect(await auditRows()).toHaveLength(1);
  });
});
