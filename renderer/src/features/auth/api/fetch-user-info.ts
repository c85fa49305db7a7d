import { queryOptions } from '@tanstack/react-query';
import { authEndpoints, type UserInfo } from '../../../../../contract/auth';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';

/**
 * Who is logged in. Its callers (the start of the app, the login page) end a refused session themselves:
 * no toast and no 登录失败 dialog.
 */
export const fetchUserInfo = (options?: { signal?: AbortSignal }): Promise<UserInfo> =>
  call(authEndpoints.userInfo, {}, { silent: true, sessionDialog: false, signal: options?.signal });

export const userInfoQuery = () =>
  queryOptions({ queryKey: queryKeys.userInfo, queryFn: ({ signal }) => fetchUserInfo({ signal }) });
