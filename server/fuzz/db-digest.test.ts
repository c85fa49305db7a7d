import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/helpers/build-app';
import { loggedInStaff } from '../../tests/helpers/factories';
import { createDbDigest, digestChanges } from './db-digest';
import { isWellFormedId } from './requests';

/**
 * The fuzz's proof that a refused request wrote nothing is only as good as its digest: it must see a
 * changed, added or removed row in any table, and overlook only what it was told to.
 */
describe('the database digest of the fuzz', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await loggedInStaff(t.app, { username: 'digest_clerk' });
  });

  afterAll(async () => {
    await t.close();
  });

  const digest = () => createDbDigest(t.db, t.dbKind, { ignoreColumns: ['sessions.last_used_at'] });

  it('sees a changed, a new and a removed row, naming the table', async () => {
    const watch = digest();
    const before = await watch.take();
    expect(digestChanges(before, await watch.take())).toEqual([]);

    await t.db.updateTable('users').set({ nickname: '改过的名字' }).where('username', '=', 'digest_clerk').execute();
    const changed = await watch.take();
    expect(digestChanges(before, changed)).toEqual([expect.stringMatching(/^users: 1 row\(s\) gone.*改过的名字/)]);

    const at = new Date().toISOString();
    await t.db.insertInto('customer_types').values({ name: '摘要测试', created_at: at, updated_at: at }).execute();
    const added = await watch.take();
    expect(digestChanges(changed, added)).toEqual([
      expect.stringMatching(/^customer_types: 0 row\(s\) gone.*摘要测试/),
    ]);

    await t.db.deleteFrom('customer_types').where('name', '=', '摘要测试').execute();
    expect(digestChanges(added, await watch.take())).toEqual([
      expect.stringMatching(/^customer_types: 1 row\(s\) gone .*, 0 row\(s\) new/),
    ]);
  });

  it('overlooks only the columns and tables it is told to', async () => {
    const watch = digest();
    const before = await watch.take();
    await t.db.updateTable('sessions').set({ last_used_at: '2030-01-01T00:00:00.000Z' }).execute();
    expect(digestChanges(before, await watch.take())).toEqual([]);
    await t.db.updateTable('sessions').set({ ip: '10.9.9.9' }).execute();
    expect(digestChanges(before, await watch.take())).toEqual([expect.stringMatching(/^sessions: /)]);

    const withoutUsers = createDbDigest(t.db, t.dbKind, { ignoreTables: ['users'] });
    const quiet = await withoutUsers.take();
    await t.db.updateTable('users').set({ nickname: '又改了' }).execute();
    expect(digestChanges(quiet, await withoutUsers.take())).toEqual([]);
  });
});

describe('what the fuzz calls a well-formed path id', () => {
  it('is decimal digits from 1 to 2147483647 and nothing else', () => {
    for (const id of ['1', '42', '2147483647', 7]) expect(isWellFormedId(id), String(id)).toBe(true);
    for (const id of ['1e0', '0x1', '+1', ' 1', '1 ', '1.0', '01', '0', '-1', '2147483648', '99999999999', '１', 1.5]) {
      expect(isWellFormedId(id), JSON.stringify(id)).toBe(false);
    }
  });
});
