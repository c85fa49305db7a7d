import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/src/db/database';
import { hashPassword } from '../../server/src/modules/auth/password';
import { insertUser } from '../../server/src/modules/staff/staff.repository';
import type { NewVehicleRow } from '../../server/src/modules/vehicle/vehicle.table';

/** What the client sends instead of the password (API.md): md5(md5(password)), lowercase hex. */
export const md5md5 = (password: string): string => {
  const once = createHash('md5').update(password, 'utf8').digest('hex');
  return createHash('md5').update(once, 'utf8').digest('hex');
};

export const DEFAULT_PASSWORD = 'Passw0rd!';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export interface StaffInput {
  username?: string;
  nickname?: string;
  phone_number?: string;
  password?: string;
  status?: 0 | 1;
}

export interface CreatedStaff {
  id: number;
  username: string;
  password: string;
}

/** A staff account written straight to the database (with the cheap test hash). */
export const createStaff = async (app: FastifyInstance, input: StaffInput = {}): Promise<CreatedStaff> => {
  const n = next();
  const username = input.username ?? `clerk_${n}`;
  const password = input.password ?? DEFAULT_PASSWORD;
  const at = new Date().toISOString();
  const id = await insertUser(app.ctx.db, {
    username,
    nickname: input.nickname ?? `员工${n}`,
    phone_number: input.phone_number ?? `138${String(n).padStart(8, '0')}`,
    password_hash: await hashPassword(md5md5(password), app.ctx.config.passwordHashCost),
    status: input.status ?? 1,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  });
  return { id, username, password };
};

export const loginRequest = (app: FastifyInstance, username: string, password: string, ip?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: md5md5(password) },
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** Logs in and returns the bearer token; fails the test if the login is refused. */
export const login = async (app: FastifyInstance, username: string, password: string = DEFAULT_PASSWORD) => {
  const response = await loginRequest(app, username, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
};

/** A staff account and a token for it. */
export const loggedInStaff = async (app: FastifyInstance, input: StaffInput = {}) => {
  const staff = await createStaff(app, input);
  return { ...staff, token: await login(app, staff.username, staff.password) };
};

/** A vehicle row with a valid-looking unique VIN; stage values and flow as given. */
export const createVehicle = async (db: Db, values: Partial<NewVehicleRow> = {}): Promise<number> => {
  const at = new Date().toISOString();
  const vin = values.vin ?? `LTEST${String(next()).padStart(12, '0')}`;
  const row = await db
    .insertInto('vehicles')
    .values({ created_at: at, updated_at: at, ...values, vin })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/**
 * The shared fixtures (../shared/fixtures, see its README): files made by real programs. A copy of the
 * checkout elsewhere (StrykerJS's sandbox) names them with SHARED_FIXTURES_DIR.
 */
export const FIXTURES_DIR = process.env.SHARED_FIXTURES_DIR ?? join(import.meta.dirname, '../../../shared/fixtures');

/** POST /api/upload as the renderer's UploadSlot sends it: `dir`, then one `file` under the clerk's name. */
export const uploadRequest = (app: FastifyInstance, token: string, dir: string, fileName: string, bytes: Buffer) => {
  const boundary = `----factory-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dir"\r\n\r\n${dir}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

/**
 * Uploads a fixture (a path inside FIXTURES_DIR, such as `scans/customs-declaration.jpg`) into a slot
 * and answers the stored path a record may then name; fails the test if the upload is refused.
 */
export const uploadFixture = async (
  app: FastifyInstance,
  token: string,
  dir: string,
  fixture: string,
  fileName: string = basename(fixture),
): Promise<string> => {
  const response = await uploadRequest(app, token, dir, fileName, readFileSync(join(FIXTURES_DIR, fixture)));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.url as string;
};
