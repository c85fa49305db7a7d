import { authEndpoints, type LoginAnswer, type LoginBody } from '../../../../../contract/auth';
import { call } from '../../../api/call';

/** Silent: the login page shows 账号或密码错误 and the like inline (API.md, session rules). */
export const login = (body: LoginBody): Promise<LoginAnswer> => call(authEndpoints.login, { body }, { silent: true });
