import { sessionPaths, type UserInfo } from '../../../../../contract/session';
import { apiGet } from '../../../api/http-client';

export const fetchUserInfo = (): Promise<UserInfo> =>
  apiGet<UserInfo>(sessionPaths.userInfo, undefined, { silent: true });
