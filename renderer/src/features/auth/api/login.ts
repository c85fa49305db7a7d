import { sessionPaths, type LoginAnswer, type LoginBody } from '../../../../../contract/auth';
import { apiPost } from '../../../api/http-client';

/** Silent: the login page shows 账号或密码错误 and the like inline (API.md, session rules). */
export const login = (body: LoginBody): Promise<LoginAnswer> =>
  apiPost<LoginAnswer>(sessionPaths.login, body, { silent: true });
