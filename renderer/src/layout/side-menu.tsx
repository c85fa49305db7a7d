import { createElement, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { openMenuKeys, selectedMenuKey, shownInMenu, type HostKind } from '../app/route-tree';
import { appRoutes, HOME_PATH, type AppRoute } from '../app/routes';
import { SITE_TITLE } from '../app/document-title';
import { desktop } from '../platform/desktop';
import { useSettingsStore } from '../stores/settings';

type MenuItem = Required<MenuProps>['items'][number];

/** The sidebar's items: groups as sub-menus, hidden screens and other hosts' screens left out. */
export function buildMenuItems(routes: readonly AppRoute[], host: HostKind): MenuItem[] {
  return routes
    .filter((route) => shownInMenu(route, host))
    .map((route): MenuItem => {
      const icon = route.icon ? createElement(route.icon) : undefined;
      const children = route.children ? buildMenuItems(route.children, host) : undefined;
      if (children) return { key: route.path, icon, label: route.title, children };
      return { key: route.path, icon, label: route.title };
    });
}

export interface SideMenuProps {
  collapsed: boolean;
  /** Called after a click on a screen (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function SideMenu({ collapsed, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showLogo = useSettingsStore((state) => state.settings.sidebarLogo);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openMenuKeys(pathname));
  const [menuPath, setMenuPath] = useState(pathname);

  // Opening a screen from elsewhere (a tag, the search, a link) unfolds its group.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    const needed = openMenuKeys(pathname).filter((key) => !openKeys.includes(key));
    if (needed.length) setOpenKeys([...openKeys, ...needed]);
  }

  const selected = selectedMenuKey(pathname);
  return (
    <nav className="side-menu" aria-label="主菜单">
      {showLogo ? (
        <Link to={HOME_PATH} className="sidebar-logo" aria-label={`${SITE_TITLE}，返回首页`}>
          <img src="/logo.svg" alt="" width={28} height={28} />
          {collapsed ? null : <span className="sidebar-title">{SITE_TITLE}</span>}
        </Link>
      ) : null}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={buildMenuItems(appRoutes, desktop.kind)}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
