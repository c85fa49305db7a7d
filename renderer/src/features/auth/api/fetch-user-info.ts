import { sessionPaths, type UserInfo } from '../../../../../contract/auth';
import { apiGet } from '../../../api/http-client';

/**
 * Who is logged in. Its callers (the start of the app, the login page) end a refused session themselves:
 * no toast and no 登录失败 dialog.
 */
export const fetchUserInfo = (): Promise<UserInfo> =>
  apiGet<UserInfo>(sessionPaths.userInfo, undefined, { silent: true, sessionDialog: false });
