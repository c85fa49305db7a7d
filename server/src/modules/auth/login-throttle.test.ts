import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { createStaff, loginRequest, md5md5 } from '../../../../tests/helpers/factories';
import { hashQueueOf } from './hash-queue';
import { cancelLoginAttempt, reserveLoginAttempt, sweepLoginThrottle } from './login-throttle';
import { REFUSAL_PAUSE_MS } from './auth.service';

const MINUTE = 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const THROTTLED = { code: 429, message: '登录失败次数过多，请15分钟后再试', data: null };

describe('login throttle', () => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });

  const statusesOf = (responses: Array<{ statusCode: number }>) => {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  };

  const counter = (key: string) =>
    t.db.selectFrom('login_throttle').select(['attempts']).where('key', '=', key).executeTakeFirst();

  it('checks at most 5 of 120 guesses sent at once, and then refuses the right password too', async () => {
    // Room in the hashing queue for every guess the throttle lets through: only the throttle decides here.
    t = await buildTestApp({ env: { PASSWORD_HASH_PER_ADDRESS: '200', PASSWORD_HASH_QUEUE: '200' } });
    const staff = await createStaff(t.app);
    const ip = '10.20.0.1';
    const guesses = await Promise.all(
      Array.from({ length: 120 }, (_, n) => loginRequest(t.app, staff.username, `guess-${n}`, ip)),
    );
    expect(statusesOf(guesses)).toEqual({ 401: 5, 429: 115 });
    expect(guesses.find((response) => response.statusCode === 429)?.json()).toEqual(THROTTLED);
    expect(hashQueueOf(t.app.ctx).computed).toBe(5);

    const right = await loginRequest(t.app, staff.username, staff.password, ip);
    expect(right.json()).toEqual(THROTTLED);
    // Refused before the hash.
    expect(hashQueueOf(t.app.ctx).computed).toBe(5);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    // The real user logs in from another address.
    expect((await loginRequest(t.app, staff.username, staff.password, '10.20.0.2')).statusCode).toBe(200);
  });

  it('blocks an address after 20 failures across 30 usernames; another address still logs in', async () => {
    t = await buildTestApp();
    const staff = await createStaff(t.app);
    const ip = '10.30.0.1';
    const answers: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      answers.push((await loginRequest(t.app, `someone_${n}`, 'guess', ip)).statusCode);
    }
    expect(answers).toEqual(Array<number>(20).fill(401));
    // Ten more usernames, each never tried before: all refused (sent together, as refusals after the
    // first one from an address are answered after a pause).
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, n) => loginRequest(t.app, `someone_${20 + n}`, 'guess', ip)),
    );
    expect(more.map((answer) => answer.json())).toEqual(Array<unknown>(10).fill(THROTTLED));
    const blocked = await loginRequest(t.app, staff.username, staff.password, ip);
    expect(blocked.json()).toEqual(THROTTLED);
    expect(hashQueueOf(t.app.ctx).computed).toBe(20);

    expect((await loginRequest(t.app, staff.username, staff.password, '10.30.0.2')).statusCode).toBe(200);
    expect(await counter(`address:${ip}`)).toEqual({ attempts: 20 });
  });

  it('does not count a successful login against the address', async () => {
    t = await buildTestApp();
    const staff = await createStaff(t.app);
    const ip = '10.40.0.1';
    for (let n = 0; n < 19; n += 1) {
      expect((await loginRequest(t.app, `someone_${n}`, 'guess', ip)).statusCode).toBe(401);
    }
    for (let n = 0; n < 5; n += 1) {
      expect((await loginRequest(t.app, staff.username, staff.password, ip)).statusCode).toBe(200);
    }
    expect(await counter(`address:${ip}`)).toEqual({ attempts: 19 });
    // The 20th failure is still checked, the 21st attempt is refused.
    expect((await loginRequest(t.app, 'someone_x', 'guess', ip)).statusCode).toBe(401);
    expect((await loginRequest(t.app, staff.username, staff.password, ip)).json()).toEqual(THROTTLED);
  });

  it('blocks for 15 minutes from the failure that reached the limit, then lets the pair in again', async () => {
    t = await buildTestApp();
    const staff = await createStaff(t.app);
    const ip = '10.50.0.1';
    const key = `account:${staff.username}|${ip}`;
    const windowStartedAt = async (offsetMs: number) => {
      await t.db
        .updateTable('login_throttle')
        .set({ window_started_at: iso(offsetMs) })
        .where('key', '=', key)
        .execute();
    };
    for (let n = 0; n < 4; n += 1) await loginRequest(t.app, staff.username, 'wrong', ip);
    // The window began 14 minutes ago; the fifth failure now starts the 15-minute block.
    await windowStartedAt(-14 * MINUTE);
    expect((await loginRequest(t.app, staff.username, 'wrong', ip)).statusCode).toBe(401);
    const row = await t.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.window_started_at)).toBeLessThan(MINUTE);

    await windowStartedAt(-14 * MINUTE);
    expect((await loginRequest(t.app, staff.username, staff.password, ip)).json()).toEqual(THROTTLED);
    await windowStartedAt(-15 * MINUTE - 1000);
    expect((await loginRequest(t.app, staff.username, staff.password, ip)).statusCode).toBe(200);
    expect(await counter(key)).toBeUndefined();
  });

  it('answers a refused login at once, and pauses the next refusals of its address for a second', async () => {
    t = await buildTestApp();
    const ip = '10.45.0.1';
    for (let n = 0; n < 5; n += 1) await loginRequest(t.app, 'ghost', 'guess', ip);
    const timed = async (from: string) => {
      const started = Date.now();
      const answer = await loginRequest(t.app, 'ghost', 'guess', from);
      expect(answer.json()).toEqual(THROTTLED);
      return Date.now() - started;
    };
    expect(await timed(ip)).toBeLessThan(REFUSAL_PAUSE_MS);
    expect(await timed(ip)).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 10);
    expect(await timed(ip)).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 10);
  });

  it('gives an attempt back when its check never ran', async () => {
    t = await buildTestApp();
    const reservation = await reserveLoginAttempt(t.db, 'clerk_a', '10.55.0.1');
    expect(reservation).not.toBeNull();
    expect(await counter('address:10.55.0.1')).toEqual({ attempts: 1 });
    if (reservation) await cancelLoginAttempt(t.db, reservation);
    expect(await counter('address:10.55.0.1')).toEqual({ attempts: 0 });
    expect(await counter('account:clerk_a|10.55.0.1')).toEqual({ attempts: 0 });
  });

  it('sweeps counters whose window ended', async () => {
    t = await buildTestApp();
    await t.db
      .insertInto('login_throttle')
      .values([
        { key: 'address:10.60.0.1', attempts: 20, window_started_at: iso(-16 * MINUTE) },
        { key: 'address:10.60.0.2', attempts: 3, window_started_at: iso(-MINUTE) },
      ])
      .execute();
    await sweepLoginThrottle(t.db);
    expect(await t.db.selectFrom('login_throttle').select('key').execute()).toEqual([{ key: 'address:10.60.0.2' }]);
  });

  describe('behind a reverse proxy', () => {
    const viaProxy = (username: string, password: string, proxy: string, client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: md5md5(password) },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });

    it('counts the client named by X-Forwarded-For when the proxy is listed in TRUST_PROXY', async () => {
      t = await buildTestApp({ env: { TRUST_PROXY: '10.70.0.1, 192.168.9.0/24' } });
      const staff = await createStaff(t.app);
      for (let n = 0; n < 5; n += 1) {
        expect((await viaProxy(staff.username, 'wrong', '10.70.0.1', '203.0.113.5')).statusCode).toBe(401);
      }
      expect((await viaProxy(staff.username, staff.password, '10.70.0.1', '203.0.113.5')).json()).toEqual(THROTTLED);
      // Another clerk behind the same proxy, and a proxy of the listed range.
      expect((await viaProxy(staff.username, staff.password, '10.70.0.1', '203.0.113.6')).statusCode).toBe(200);
      expect((await viaProxy(staff.username, staff.password, '192.168.9.20', '203.0.113.7')).statusCode).toBe(200);
      expect(await counter(`account:${staff.username}|203.0.113.5`)).toEqual({ attempts: 5 });
      const sessions = await t.db.selectFrom('sessions').select('ip').orderBy('id').execute();
      expect(sessions).toEqual([{ ip: '203.0.113.6' }, { ip: '203.0.113.7' }]);

      // A connection that is not from a listed proxy cannot choose its address by the header.
      for (let n = 0; n < 5; n += 1) await viaProxy(staff.username, 'wrong', '10.70.0.9', `198.51.100.${n}`);
      expect((await viaProxy(staff.username, staff.password, '10.70.0.9', '198.51.100.99')).json()).toEqual(THROTTLED);
    });

    it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
      t = await buildTestApp();
      const staff = await createStaff(t.app);
      for (let n = 0; n < 5; n += 1) {
        expect((await viaProxy(staff.username, 'wrong', '10.80.0.1', `203.0.113.${n}`)).statusCode).toBe(401);
      }
      expect((await viaProxy(staff.username, staff.password, '10.80.0.1', '203.0.113.99')).json()).toEqual(THROTTLED);
      expect(await counter(`account:${staff.username}|10.80.0.1`)).toEqual({ attempts: 5 });
      expect(
        await t.db.selectFrom('login_throttle').select('key').where('key', 'like', '%203.0.113%').execute(),
      ).toEqual([]);
    });
  });
});
