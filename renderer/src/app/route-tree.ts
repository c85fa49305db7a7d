import { matchPath } from 'react-router-dom';
import { appRoutes, HOME_PATH, type AppRoute } from './routes';

/** A screen of the table with the groups above it (outermost first). */
export interface RouteMatch {
  route: AppRoute;
  parents: AppRoute[];
  params: Record<string, string | undefined>;
}

export interface Crumb {
  title: string;
  /** Absent for the current screen and for groups, which are not screens. */
  path?: string;
}

/** Every screen (leaf) of the table, each with its groups. */
export function flattenRoutes(routes: readonly AppRoute[] = appRoutes, parents: AppRoute[] = []): RouteMatch[] {
  return routes.flatMap((route) =>
    route.children?.length
      ? flattenRoutes(route.children, [...parents, route])
      : [{ route, parents, params: {} as Record<string, string | undefined> }],
  );
}

/** The screen a pathname shows, or undefined for paths outside the table. */
export function findRoute(pathname: string, routes: readonly AppRoute[] = appRoutes): RouteMatch | undefined {
  for (const entry of flattenRoutes(routes)) {
    const match = matchPath({ path: entry.route.path, end: true }, pathname);
    if (match) return { ...entry, params: match.params };
  }
  return undefined;
}

/** Breadcrumb of spec part 1, section 2: always starting at 首页. */
export function breadcrumbFor(pathname: string, routes: readonly AppRoute[] = appRoutes): Crumb[] {
  const home = flattenRoutes(routes).find((entry) => entry.route.path === HOME_PATH)?.route;
  const homeCrumb: Crumb = { title: home?.title ?? '首页', path: HOME_PATH };
  const match = findRoute(pathname, routes);
  if (!match || match.route.path === HOME_PATH) return [{ title: homeCrumb.title }];
  return [homeCrumb, ...match.parents.map((group) => ({ title: group.title })), { title: match.route.title }];
}

/** The sidebar item to light: the screen itself, or for a hidden screen its list. */
export function selectedMenuKey(pathname: string, routes: readonly AppRoute[] = appRoutes): string | undefined {
  const match = findRoute(pathname, routes);
  if (!match) return undefined;
  if (!match.route.hidden) return match.route.path;
  if (match.route.activeMenu) return match.route.activeMenu;
  const group = match.parents[match.parents.length - 1];
  return group?.children?.find((sibling) => !sibling.hidden)?.path;
}

/** The groups to open in the sidebar for a pathname. */
export function openMenuKeys(pathname: string, routes: readonly AppRoute[] = appRoutes): string[] {
  return findRoute(pathname, routes)?.parents.map((group) => group.path) ?? [];
}

export type HostKind = 'electron' | 'web';

/** Whether an entry belongs in this host's sidebar. */
export const shownInMenu = (route: AppRoute, host: HostKind): boolean =>
  !route.hidden && (!route.desktopOnly || host === 'electron');

export interface SearchEntry {
  path: string;
  /** Groups and title, e.g. 业务管理 > 海外合同. */
  label: string;
}

/** What the route search offers: the sidebar's screens (screens with path parameters need a record). */
export function searchableRoutes(host: HostKind, routes: readonly AppRoute[] = appRoutes): SearchEntry[] {
  return flattenRoutes(routes)
    .filter(({ route, parents }) => shownInMenu(route, host) && parents.every((group) => shownInMenu(group, host)))
    .filter(({ route }) => !route.path.includes(':'))
    .map(({ route, parents }) => ({
      path: route.path,
      label: [...parents.map((group) => group.title), route.title].join(' > '),
    }));
}

/** Where a group's own path leads: its first visible screen. */
export function groupRedirects(routes: readonly AppRoute[] = appRoutes): Record<string, string> {
  const redirects: Record<string, string> = {};
  for (const route of routes) {
    if (!route.children?.length) continue;
    const first = route.children.find((child) => !child.hidden && !child.children) ?? route.children[0];
    if (first) redirects[route.path] = first.path;
    Object.assign(redirects, groupRedirects(route.children));
  }
  return redirects;
}

/** The query string of `search` without `redirect`, to carry through the login page. */
export function otherQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('redirect');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The login address for a screen reached without a token: `redirect` plus the screen's own query. */
export function loginPathFor(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('redirect');
  const query = new URLSearchParams({ redirect: pathname });
  params.forEach((value, key) => query.append(key, value));
  return `/login?${query.toString()}`;
}

/**
 * Where the login page sends the clerk: the `redirect` query (a path of this app only, never another site;
 * `dashboard` without a slash, as the password dialog writes it, is accepted) plus the other query params.
 */
export function afterLoginPath(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect') ?? '';
  const path = redirect.startsWith('/') ? redirect : `/${redirect}`;
  const safe = /^\/(?![/\\])[^\s]*$/.test(path) && !path.includes('://') ? path : '/';
  return `${safe}${otherQuery(search)}`;
}
