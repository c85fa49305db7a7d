import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { staffEndpoints } from '../../contract/staff';
import { vehicleEndpoints } from '../../contract/vehicle';
import { route } from './endpoint-route';
import { ok } from './envelope';

/**
 * Routes registered from a contract description answer only what the description names: a service that
 * hands back a whole database row still sends no password hash and no deletion mark.
 */
describe('route() from a contract description', () => {
  // The compilers the app sets (server/src/app.ts), on a bare instance so a handler can leak on purpose.
  let app = Fastify();
  const bareApp = () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  };

  afterEach(async () => {
    await app.close();
  });

  it('strips every column the answer schema does not name, and checks the request with the description', async () => {
    const row = {
      id: 7,
      username: 'clerk',
      nickname: '职员',
      phone_number: '13800000000',
      password_hash: '$argon2id$v=19$m=65536,t=3,p=4$secret',
      deleted_at: '2026-11-20T00:00:00.000Z',
      created_at: '2026-11-01 10:00:00',
      updated_at: '2026-11-02 10:00:00',
      status: 1 as const,
    };
    bareApp();
    route(app, staffEndpoints.get, async (request) => ok({ ...row, id: request.params.id }));

    const response = await app.inject({ method: 'GET', url: '/api/user/7' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('deleted_at');
    expect(response.json()).toEqual({
      code: 200,
      message: '操作成功',
      data: {
        id: 7,
        username: 'clerk',
        nickname: '职员',
        phone_number: '13800000000',
        created_at: '2026-11-01 10:00:00',
        updated_at: '2026-11-02 10:00:00',
        status: 1,
      },
    });
    // The description's params schema runs too: an id that names no record is refused before the handler.
    expect((await app.inject({ method: 'GET', url: '/api/user/0' })).statusCode).toBe(400);
  });

  it('refuses to send an answer that does not match its description (500, not a malformed answer)', async () => {
    bareApp();
    route(app, vehicleEndpoints.search, async () => ok([{ id: 'not a number', vin: 'LSV00000000000001' }] as never));
    const response = await app.inject({ method: 'GET', url: '/api/car/search?vin=LSV' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not a number');
  });
});
