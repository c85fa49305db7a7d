import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import {
  bearer,
  createStaff,
  DEFAULT_PASSWORD,
  loggedInStaff,
  login,
  loginRequest,
  md5md5,
} from '../../../../tests/helpers/factories';

const HOUR = 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Moves the clock past the second for which the server remembers a session (only `Date` is faked). */
const aSecondLater = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 1001);
};

describe('session', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  const sessionOf = async (token: string) =>
    t.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();

  describe('first-run setup', () => {
    const admin = {
      username: 'admin',
      nickname: '管理员',
      phone_number: '13800138000',
      password: md5md5('Secret-123'),
    };

    it('is open while no account exists, creates the first one, then answers 409', async () => {
      expect((await get('/api/setup')).json()).toEqual({ code: 200, message: '操作成功', data: { needs_setup: true } });

      const created = await t.app.inject({ method: 'POST', url: '/api/setup', payload: admin });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ code: 201, data: { id: expect.any(Number) } });
      expect((await get('/api/setup')).json().data).toEqual({ needs_setup: false });

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { ...admin, username: 'second' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 409, message: '系统已初始化，请直接登录', data: null });
      expect(await t.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);

      const token = await login(t.app, 'admin', 'Secret-123');
      expect((await get('/api/user/info', token)).json().data).toMatchObject({ username: 'admin', name: '管理员' });
      const audit = await historyEvents(t.db, { action: 'setup' });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entity: 'user', entity_id: String(created.json().data.id) });
      expect(audit[0]?.changed.username).toEqual([null, 'admin']);
      expect(JSON.stringify(audit)).not.toContain(admin.password);
      expect(JSON.stringify(audit)).not.toContain('scrypt$');
    });

    it('stays closed when accounts exist, even if setup is tried by someone else', async () => {
      await createStaff(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/setup', payload: admin });
      expect(response.statusCode).toBe(409);
    });

    it.each([
      [{ username: 'ab' }, 'username', '账号格式不正确'],
      [{ username: 'bad name' }, 'username', '账号格式不正确'],
      [{ password: 'Secret-123' }, 'password', '密码格式不正确'],
      [{ phone_number: '12345' }, 'phone_number', '手机号格式不正确'],
      [{ phone_number: '' }, 'phone_number', '请输入手机号'],
      [{ nickname: '' }, 'nickname', '请输入员工姓名'],
    ])('answers 422 for %j', async (change, field, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/setup', payload: { ...admin, ...change } });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
      expect(response.json().data.errors[field]).toContain(message);
      expect((await get('/api/setup')).json().data.needs_setup).toBe(true);
    });

    it('refuses a body that tries to set fields of its own choosing', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { ...admin, role: 'root', status: 0 },
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().data.errors).sort()).toEqual(['role', 'status']);
    });
  });

  describe('login', () => {
    it('answers a token, its end and the user; stores only the token hash', async () => {
      const staff = await createStaff(t.app, { nickname: '张三' });
      const before = Date.now();
      const response = await loginRequest(t.app, staff.username, staff.password);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.user).toEqual({ id: staff.id, nickname: '张三', username: staff.username });
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.expires_at).toMatch(/\+08:00$/);
      const lifetime = Date.parse(data.expires_at) - before;
      expect(lifetime).toBeGreaterThan(7 * 24 * HOUR - 60_000);
      expect(lifetime).toBeLessThanOrEqual(7 * 24 * HOUR + 60_000);

      const rows = await t.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(data.token);
      // A login is a session, not history: it stays in audit_log alone.
      expect(await t.db.selectFrom('audit_log').select(['action', 'entity']).execute()).toEqual([
        { action: 'login', entity: 'session' },
      ]);
      expect((await historyEvents(t.db)).filter((event) => event.action !== 'create')).toEqual([]);
    });

    it('answers 401 账号或密码错误 for a wrong password or an unknown account alike', async () => {
      const staff = await createStaff(t.app);
      for (const [username, password] of [
        [staff.username, 'wrong-password'],
        ['nobody_here', DEFAULT_PASSWORD],
      ] as const) {
        const response = await loginRequest(t.app, username, password);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 401, message: '账号或密码错误', data: null });
      }
      expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it('answers 403 for a disabled account with the right password', async () => {
      const staff = await createStaff(t.app, { status: 0 });
      const response = await loginRequest(t.app, staff.username, staff.password);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 403, message: '账号已被禁用，请联系管理员', data: null });
      expect((await loginRequest(t.app, staff.username, 'wrong-password')).statusCode).toBe(401);
    });

    it('answers 422 with the format messages', async () => {
      const badUser = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'a b', password: md5md5('x') },
      });
      expect(badUser.statusCode).toBe(422);
      expect(badUser.json()).toEqual({
        code: 422,
        message: '账号格式不正确',
        data: { errors: { username: ['账号格式不正确'] } },
      });
      const plainPassword = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'clerk', password: 'plain-text' },
      });
      expect(plainPassword.json().message).toBe('密码格式不正确');
      const empty = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().data.errors).toEqual({ username: ['账号格式不正确'], password: ['密码格式不正确'] });
    });

    it('blocks an account and address pair after 5 failures in 15 minutes, in the database', async () => {
      const staff = await createStaff(t.app);
      const ip = '10.0.0.7';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await loginRequest(t.app, staff.username, 'wrong-password', ip)).statusCode).toBe(401);
      }
      const blocked = await loginRequest(t.app, staff.username, staff.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 429, message: '登录失败次数过多，请15分钟后再试', data: null });
      const account = `account:${staff.username}|${ip}`;
      expect(await t.db.selectFrom('login_throttle').selectAll().where('key', '=', account).execute()).toEqual([
        { key: account, attempts: 5, window_started_at: expect.any(String) },
      ]);

      // Another address, or another account from the same address, is not blocked.
      expect((await loginRequest(t.app, staff.username, staff.password, '10.0.0.8')).statusCode).toBe(200);
      const other = await createStaff(t.app);
      expect((await loginRequest(t.app, other.username, other.password, ip)).statusCode).toBe(200);

      // Once the window is older than 15 minutes the pair may log in again, and success clears it.
      await t.db
        .updateTable('login_throttle')
        .set({ window_started_at: iso(-15 * 60 * 1000 - 1000) })
        .where('key', '=', account)
        .execute();
      expect((await loginRequest(t.app, staff.username, staff.password, ip)).statusCode).toBe(200);
      expect(await t.db.selectFrom('login_throttle').selectAll().where('key', '=', account).execute()).toEqual([]);
    });

    it('counts failures for an unknown account too', async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) await loginRequest(t.app, 'ghost_user', 'guess', '10.1.1.1');
      expect((await loginRequest(t.app, 'ghost_user', 'guess', '10.1.1.1')).statusCode).toBe(429);
    });
  });

  describe('the bearer token', () => {
    it('is required: 401 登录已过期，请重新登录 without one, with a malformed one or an unknown one', async () => {
      for (const headers of [
        {},
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { authorization: 'Bearer' },
        { authorization: 'Bearer not a token' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/user/info', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 401, message: '登录已过期，请重新登录', data: null });
      }
    });

    it('ends after 12 hours unused, and moves that end when used', async () => {
      const { token } = await loggedInStaff(t.app);
      const session = await sessionOf(token);
      await t.db
        .updateTable('sessions')
        .set({ last_used_at: iso(-11 * HOUR) })
        .where('id', '=', session.id)
        .execute();
      expect((await get('/api/user/info', token)).statusCode).toBe(200);
      // Using it moved last_used_at to now.
      expect(Date.now() - Date.parse((await sessionOf(token)).last_used_at)).toBeLessThan(60_000);

      await t.db
        .updateTable('sessions')
        .set({ last_used_at: iso(-12 * HOUR - 1000) })
        .where('id', '=', session.id)
        .execute();
      // The server remembers a session for a second; the change above is seen once it has passed.
      await aSecondLater();
      const expired = await get('/api/user/info', token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('登录已过期，请重新登录');
    });

    it('ends 7 days after login however often it is used', async () => {
      const { token } = await loggedInStaff(t.app);
      const session = await sessionOf(token);
      await t.db
        .updateTable('sessions')
        .set({ created_at: iso(-7 * 24 * HOUR), expires_at: iso(-1000), last_used_at: iso(-60_000) })
        .where('id', '=', session.id)
        .execute();
      expect((await get('/api/user/info', token)).statusCode).toBe(401);
    });
  });

  describe('a session ended by another server process on the same database', () => {
    it('is refused within a second, while this process’s own revocations apply at once', async () => {
      const staff = await createStaff(t.app);
      const elsewhere = await login(t.app, staff.username, staff.password);
      const here = await login(t.app, staff.username, staff.password);
      expect((await get('/api/user/info', elsewhere)).statusCode).toBe(200);
      expect((await get('/api/user/info', here)).statusCode).toBe(200);

      // What a second server's logout writes: only the row changes, this process is not told.
      await t.db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('id', '=', (await sessionOf(elsewhere)).id)
        .execute();
      await aSecondLater();
      expect((await get('/api/user/info', elsewhere)).statusCode).toBe(401);

      // This process's logout: refused on the very next request.
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(here) });
      expect((await get('/api/user/info', here)).statusCode).toBe(401);
    });

    it('shows a disabled account as disabled on the next request', async () => {
      const admin = await loggedInStaff(t.app);
      const staff = await createStaff(t.app);
      const token = await login(t.app, staff.username, staff.password);
      expect((await get('/api/user/info', token)).statusCode).toBe(200);
      const switched = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${staff.id}/switch`,
        headers: bearer(admin.token),
      });
      expect(switched.statusCode).toBe(200);
      expect((await get('/api/user/info', token)).json().message).toBe('账号已被禁用，请联系管理员');
    });
  });

  describe('logout', () => {
    it('revokes this token only', async () => {
      const staff = await createStaff(t.app);
      const first = await login(t.app, staff.username, staff.password);
      const second = await login(t.app, staff.username, staff.password);
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 200, data: null });
      expect((await get('/api/user/info', first)).statusCode).toBe(401);
      expect((await get('/api/user/info', second)).statusCode).toBe(200);
      expect((await sessionOf(first)).revoked_at).not.toBeNull();
      expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) })).statusCode).toBe(401);
    });
  });

  describe('user info', () => {
    it('answers the current user with a non-empty role list', async () => {
      const staff = await loggedInStaff(t.app, { nickname: '李四' });
      const response = await get('/api/user/info', staff.token);
      expect(response.json()).toEqual({
        code: 200,
        message: '操作成功',
        data: { id: staff.id, username: staff.username, name: '李四', avatar: '', introduction: '', roles: ['admin'] },
      });
    });
  });

  describe('password change', () => {
    const change = (token: string, password: string, newPassword: string, confirmation = newPassword) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/reset',
        headers: bearer(token),
        payload: {
          password: md5md5(password),
          new_password: md5md5(newPassword),
          new_password_confirmation: md5md5(confirmation),
        },
      });

    it('checks the old password and that the two new ones agree', async () => {
      const staff = await loggedInStaff(t.app);
      const wrongOld = await change(staff.token, 'not-my-password', 'NewPass-1');
      expect(wrongOld.statusCode).toBe(422);
      expect(wrongOld.json()).toEqual({
        code: 422,
        message: '原密码错误',
        data: { errors: { password: ['原密码错误'] } },
      });
      const differ = await change(staff.token, staff.password, 'NewPass-1', 'NewPass-2');
      expect(differ.statusCode).toBe(422);
      expect(differ.json().message).toBe('两次新密码不一致');
      expect(differ.json().data.errors.new_password_confirmation).toEqual(['两次新密码不一致']);
      // Nothing changed.
      await login(t.app, staff.username, staff.password);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const staff = await loggedInStaff(t.app);
      const other = await login(t.app, staff.username, staff.password);
      const response = await change(staff.token, staff.password, 'NewPass-1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 200, message: '操作成功' });
      expect((await get('/api/user/info', staff.token)).statusCode).toBe(200);
      expect((await get('/api/user/info', other)).statusCode).toBe(401);
      expect((await loginRequest(t.app, staff.username, staff.password)).statusCode).toBe(401);
      await login(t.app, staff.username, 'NewPass-1');
      const audit = await historyEvents(t.db, { action: 'password_change' });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ user_id: staff.id, entity: 'user', entity_id: String(staff.id) });
      expect(audit[0]?.changed.password_changed).toEqual([null, true]);
      expect(JSON.stringify(audit)).not.toContain('scrypt$');
    });

    it('needs a token', async () => {
      const response = await t.app.inject({ method: 'PUT', url: '/api/user/reset', payload: {} });
      expect(response.statusCode).toBe(401);
    });
  });
});
