import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyEvents } from '../../../../tests/helpers/history';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-app';
import { bearer, createStaff, loggedInStaff, login, loginRequest, md5md5 } from '../../../../tests/helpers/factories';

describe('staff', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loggedInStaff>>;

  beforeEach(async () => {
    t = await buildTestApp();
    admin = await loggedInStaff(t.app, { username: 'admin', nickname: '管理员' });
  });

  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    username: 'wang_wu',
    nickname: '王五',
    phone_number: '13912345678',
    password: md5md5('Secret-123'),
    ...overrides,
  });

  const auditActions = async (entityId: number) =>
    (await historyEvents(t.db, { entity: 'user', entityId })).map((row) => row.action);

  it('needs a token for every staff route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['POST', '/api/user'],
      ['GET', '/api/user/1'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/1'],
      ['PUT', '/api/user/1/switch'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('登录已过期，请重新登录');
    }
  });

  describe('list', () => {
    it('pages with data, meta and total, 15 by default, without secrets', async () => {
      for (let index = 0; index < 16; index += 1) await createStaff(t.app);
      const first = await call('GET', '/api/user');
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.code).toBe(200);
      expect(body.data.data).toHaveLength(15);
      expect(body.data.meta).toEqual({ total: 17, page: 1, limit: 15 });
      expect(body.data.total).toBe(17);
      expect(body.data.data[0]).toEqual({
        id: admin.id,
        username: 'admin',
        nickname: '管理员',
        phone_number: expect.stringMatching(/^1\d{10}$/),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/),
        updated_at: expect.stringMatching(/\+08:00$/),
        status: 1,
      });
      expect(first.body).not.toContain('password');
      expect(first.body).not.toContain('scrypt');

      const second = (await call('GET', '/api/user?page=2&limit=15')).json().data;
      expect(second.data).toHaveLength(2);
      expect(second.meta).toEqual({ total: 17, page: 2, limit: 15 });
    });

    it('answers 422 for a malformed page or an oversized limit, and ignores unknown filters', async () => {
      const page = await call('GET', '/api/user?page=0');
      expect(page.statusCode).toBe(422);
      expect(page.json().message).toBe('页码格式不正确');
      const limit = await call('GET', '/api/user?limit=101');
      expect(limit.statusCode).toBe(422);
      expect(limit.json()).toEqual({
        code: 422,
        message: '每页条数格式不正确',
        data: { errors: { limit: ['每页条数格式不正确'] } },
      });
      expect((await call('GET', '/api/user?colour=blue')).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it('answers 201 with the id; the new account can log in; the write is audited', async () => {
      const response = await call('POST', '/api/user', newStaff());
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ code: 201, message: '新建成功', data: { id: expect.any(Number) } });
      const { id } = response.json().data;
      const read = (await call('GET', `/api/user/${id}`)).json().data;
      expect(read).toMatchObject({ id, username: 'wang_wu', nickname: '王五', phone_number: '13912345678', status: 1 });
      await login(t.app, 'wang_wu', 'Secret-123');
      expect(await auditActions(id)).toEqual(['create']);
      const [audit] = await historyEvents(t.db, { entity: 'user', entityId: id });
      expect(audit?.user_id).toBe(admin.id);
      expect(JSON.stringify(audit)).not.toContain(md5md5('Secret-123'));
      expect(JSON.stringify(audit)).not.toContain('scrypt$');
    });

    it('refuses a duplicate username with 409 账号已存在', async () => {
      expect((await call('POST', '/api/user', newStaff())).statusCode).toBe(201);
      const duplicate = await call('POST', '/api/user', newStaff({ nickname: '另一个王五' }));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ code: 409, message: '账号已存在', data: null });
      const taken = await call('POST', '/api/user', newStaff({ username: 'admin' }));
      expect(taken.statusCode).toBe(409);
    });

    it.each([
      [{ username: '' }, 'username', '账号格式不正确'],
      [{ nickname: '  ' }, 'nickname', '请输入员工姓名'],
      [{ phone_number: '23912345678' }, 'phone_number', '手机号格式不正确'],
      [{ password: undefined }, 'password', '密码格式不正确'],
      [{ password: 'short' }, 'password', '密码格式不正确'],
    ])('answers 422 for %j and writes nothing', async (change, field, message) => {
      const response = await call('POST', '/api/user', newStaff(change));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
      expect(response.json().data.errors[field]).toEqual([message]);
      expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    });

    it('refuses fields a clerk may not set (status, role)', async () => {
      const response = await call('POST', '/api/user', newStaff({ status: 0, role: 'root' }));
      expect(response.statusCode).toBe(422);
      expect(response.json().data.errors).toEqual({ status: ['不支持的字段'], role: ['不支持的字段'] });
    });
  });

  describe('read one', () => {
    it('answers 404 记录不存在 for an unknown, malformed or deleted id', async () => {
      const gone = await createStaff(t.app);
      await call('DELETE', `/api/user/${gone.id}`);
      for (const url of ['/api/user/9999', '/api/user/abc', '/api/user/-1', `/api/user/${gone.id}`]) {
        const response = await call('GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: '记录不存在', data: null });
      }
    });
  });

  describe('update', () => {
    it('saves the fields and answers the record', async () => {
      const staff = await createStaff(t.app);
      const before = (await call('GET', `/api/user/${staff.id}`)).json().data;
      const response = await call('PUT', `/api/user/${staff.id}`, {
        username: 'renamed_clerk',
        nickname: '改名',
        phone_number: '13700000000',
        updated_at: before.updated_at,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        code: 200,
        message: '编辑成功',
        data: { id: staff.id, username: 'renamed_clerk', nickname: '改名', phone_number: '13700000000', status: 1 },
      });
      expect(response.json().data.updated_at).not.toBe(before.updated_at);
      // No password given: the old one still works.
      await login(t.app, 'renamed_clerk', staff.password);
      expect(await auditActions(staff.id)).toEqual(['update']);
    });

    it('refuses a save based on a stale copy with 409', async () => {
      const staff = await createStaff(t.app);
      const read = (await call('GET', `/api/user/${staff.id}`)).json().data;
      const body = {
        username: read.username,
        nickname: '第一次',
        phone_number: read.phone_number,
        updated_at: read.updated_at,
      };
      expect((await call('PUT', `/api/user/${staff.id}`, body)).statusCode).toBe(200);
      const stale = await call('PUT', `/api/user/${staff.id}`, { ...body, nickname: '第二次' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 409, message: '该记录已被他人修改，请刷新后重试', data: null });
      expect((await call('GET', `/api/user/${staff.id}`)).json().data.nickname).toBe('第一次');
      const malformed = await call('PUT', `/api/user/${staff.id}`, { ...body, updated_at: 'yesterday' });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().data.errors).toEqual({ updated_at: ['更新时间格式不正确'] });
    });

    it('tells saves within the same millisecond apart', async () => {
      const staff = await createStaff(t.app);
      const read = (await call('GET', `/api/user/${staff.id}`)).json().data;
      const body = { username: read.username, nickname: read.nickname, phone_number: read.phone_number };
      const [first, second] = await Promise.all([
        call('PUT', `/api/user/${staff.id}`, { ...body, nickname: '甲', updated_at: read.updated_at }),
        call('PUT', `/api/user/${staff.id}`, { ...body, nickname: '乙', updated_at: read.updated_at }),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    });

    it('refuses a username another account has', async () => {
      const staff = await createStaff(t.app);
      const response = await call('PUT', `/api/user/${staff.id}`, {
        username: 'admin',
        nickname: '冒名',
        phone_number: '13700000000',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('账号已存在');
    });

    it('sets a new password and ends that account’s sessions', async () => {
      const staff = await loggedInStaff(t.app);
      const response = await call('PUT', `/api/user/${staff.id}`, {
        username: staff.username,
        nickname: '新密码',
        phone_number: '13700000000',
        password: md5md5('Changed-99'),
      });
      expect(response.statusCode).toBe(200);
      expect((await call('GET', '/api/user/info', undefined, staff.token)).statusCode).toBe(401);
      expect((await loginRequest(t.app, staff.username, staff.password)).statusCode).toBe(401);
      await login(t.app, staff.username, 'Changed-99');
    });

    it('keeps the editor’s own session when they change their own password', async () => {
      const otherSession = await login(t.app, 'admin', admin.password);
      const response = await call('PUT', `/api/user/${admin.id}`, {
        username: 'admin',
        nickname: '管理员',
        phone_number: '13700000000',
        password: md5md5('Changed-99'),
      });
      expect(response.statusCode).toBe(200);
      expect((await call('GET', '/api/user/info')).statusCode).toBe(200);
      expect((await call('GET', '/api/user/info', undefined, otherSession)).statusCode).toBe(401);
    });

    it('answers 404 for an unknown account', async () => {
      const response = await call('PUT', '/api/user/9999', {
        username: 'ghost',
        nickname: '无',
        phone_number: '13700000000',
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('answers 204 with an empty body, ends the sessions and frees the username', async () => {
      const staff = await loggedInStaff(t.app);
      const response = await call('DELETE', `/api/user/${staff.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await call('GET', '/api/user/info', undefined, staff.token)).statusCode).toBe(401);
      expect((await loginRequest(t.app, staff.username, staff.password)).statusCode).toBe(401);
      expect((await call('GET', '/api/user')).json().data.total).toBe(1);
      expect((await call('DELETE', `/api/user/${staff.id}`)).statusCode).toBe(404);
      expect((await call('POST', '/api/user', newStaff({ username: staff.username }))).statusCode).toBe(201);
      expect(await auditActions(staff.id)).toEqual(['delete']);
    });

    it('refuses to delete one’s own account', async () => {
      const response = await call('DELETE', `/api/user/${admin.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 409, message: '不能删除自己的账号', data: null });
      expect((await call('GET', '/api/user/info')).statusCode).toBe(200);
    });
  });

  describe('switch', () => {
    it('disables an account, ending its sessions, and enables it again', async () => {
      const staff = await loggedInStaff(t.app);
      const disabled = await call('PUT', `/api/user/${staff.id}/switch`);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toEqual({ code: 200, message: '操作成功', data: { status: 0 } });

      const refused = await call('GET', '/api/user/info', undefined, staff.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 403, message: '账号已被禁用，请联系管理员', data: null });
      expect((await loginRequest(t.app, staff.username, staff.password)).statusCode).toBe(403);
      expect((await call('GET', `/api/user/${staff.id}`)).json().data.status).toBe(0);

      const enabled = await call('PUT', `/api/user/${staff.id}/switch`);
      expect(enabled.json().data).toEqual({ status: 1 });
      // The old session stays ended; a new login works.
      expect((await call('GET', '/api/user/info', undefined, staff.token)).statusCode).toBe(401);
      await login(t.app, staff.username, staff.password);
      expect(await auditActions(staff.id)).toEqual(['disable', 'enable']);
    });

    it('refuses to disable one’s own account', async () => {
      const response = await call('PUT', `/api/user/${admin.id}/switch`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 409, message: '不能禁用自己的账号', data: null });
      expect((await call('GET', '/api/user/info')).statusCode).toBe(200);
    });

    it('answers 404 for an unknown account', async () => {
      expect((await call('PUT', '/api/user/9999/switch')).statusCode).toBe(404);
    });
  });
});
