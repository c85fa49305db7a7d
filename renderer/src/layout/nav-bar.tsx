import { Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { OverdueBell } from '../features/deadline/components/overdue-bell';
import { useLayoutStore } from '../stores/layout';
import { AppBreadcrumb } from './app-breadcrumb';
import { ErrorLogButton } from './error-log';
import { FullscreenButton } from './fullscreen-button';
import { GlobalSearch } from './global-search';
import { RouteSearch } from './route-search';
import { SizeSelect } from './size-select';
import { UserMenu } from './user-menu';

export function NavBar() {
  const device = useLayoutStore((state) => state.device);
  const collapsed = useLayoutStore((state) => state.sidebarCollapsed);
  const mobileOpen = useLayoutStore((state) => state.mobileMenuOpen);
  const toggleSidebar = useLayoutStore((state) => state.toggleSidebar);
  const openSettings = useLayoutStore((state) => state.setSettingsOpen);
  const folded = device === 'mobile' ? !mobileOpen : collapsed;

  return (
    <div className="nav-bar">
      <button
        type="button"
        className="nav-icon-button hamburger"
        aria-label={folded ? '展开侧边栏' : '收起侧边栏'}
        aria-expanded={!folded}
        onClick={toggleSidebar}
      >
        {folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      <AppBreadcrumb />
      <div className="nav-right">
        <GlobalSearch />
        <OverdueBell />
        {device === 'desktop' ? (
          <>
            <RouteSearch />
            <ErrorLogButton />
            <FullscreenButton />
            <SizeSelect />
          </>
        ) : (
          <ErrorLogButton />
        )}
        <Tooltip title="布局设置">
          <button type="button" className="nav-icon-button" aria-label="布局设置" onClick={() => openSettings(true)}>
            <SettingOutlined />
          </button>
        </Tooltip>
        <UserMenu />
      </div>
    </div>
  );
}
