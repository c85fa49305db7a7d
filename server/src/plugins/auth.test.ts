import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../contract/auth';
import { messages } from '../../../contract/common';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-app';
import { loggedInStaff } from '../../../tests/helpers/factories';

/** RFC 7235: the auth-scheme is case-insensitive, so `bearer` and `BEARER` are the Bearer scheme too. */
describe('the bearer token’s scheme', () => {
  let t: TestApp;
  let token: string;
  let username: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const staff = await loggedInStaff(t.app);
    token = staff.token;
    username = staff.username;
  });
  afterAll(async () => {
    await t.close();
  });

  const userInfo = (authorization: string) =>
    t.app.inject({ method: 'GET', url: authEndpoints.userInfo.path, headers: { authorization } });

  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('is accepted written %j', async (scheme) => {
    const response = await userInfo(`${scheme} ${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ username });
  });

  it.each([
    ['another scheme', () => `Basic ${token}`],
    ['a scheme that only starts like it', () => `Bearerx ${token}`],
    ['no space after the scheme', () => `bearer${token}`],
    ['the scheme alone', () => 'BEARER'],
    ['the token alone', () => token],
  ])('is refused with 401 for %s', async (_case, authorization) => {
    const response = await userInfo(authorization());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.unauthorized);
  });

  it('ends the session on a logout sent with a lower-case scheme', async () => {
    const other = await loggedInStaff(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: authEndpoints.logout.path,
      headers: { authorization: `bearer ${other.token}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await userInfo(`Bearer ${other.token}`)).statusCode).toBe(401);
  });
});
