import { setSessionUser } from '../../stores/session';
import { fetchUserInfo } from './api/fetch-user-info';

/** Spec part 1, section 8: login info missing / an empty role list refuse the session. */
export const userInfoMessages = {
  missing: '验证失败，请重新登录',
  noRoles: '用户角色不能为空，请重新登录',
} as const;

/** Reads who is logged in (GET /api/user/info) into the session; an empty role list is refused. */
export async function loadCurrentUser(): Promise<void> {
  const info = await fetchUserInfo();
  if (!info || typeof info.id !== 'number') throw new Error(userInfoMessages.missing);
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(userInfoMessages.noRoles);
  setSessionUser({ id: info.id, nickname: info.name, username: info.username }, info.roles);
}
