import { findRoute } from './route-tree';
import { standalonePaths } from './routes';

export const SITE_TITLE = '二手车出口业务管理系统';

const standaloneTitles: Record<string, string> = {
  [standalonePaths.login]: '登录',
  [standalonePaths.setup]: '创建管理员',
  [standalonePaths.connection]: '连接设置',
  [standalonePaths.notFound]: '页面不存在',
  [standalonePaths.unauthorized]: '没有权限',
};

/** The window title: the screen's title, then the product. */
export function documentTitleFor(pathname: string): string {
  const title = findRoute(pathname)?.route.title ?? standaloneTitles[pathname];
  return title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
}
