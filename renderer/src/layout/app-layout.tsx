import { Suspense } from 'react';
import { Drawer, Layout, Spin } from 'antd';
import { Outlet } from 'react-router-dom';
import { useLayoutStore } from '../stores/layout';
import { useSettingsStore } from '../stores/settings';
import { NavBar } from './nav-bar';
import { SettingsDrawer } from './settings-drawer';
import { SideMenu } from './side-menu';
import { TagsBar, useVisitedTags } from './tags-bar';
import { useDeviceWatch } from './use-device-watch';

/** The spec's sidebar width. */
export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COLLAPSED_WIDTH = 64;

/** Sidebar, top bar with breadcrumb, tags bar and the screen (spec part 1, section 2). */
export function AppLayout() {
  useDeviceWatch();
  useVisitedTags();
  const device = useLayoutStore((state) => state.device);
  const collapsed = useLayoutStore((state) => state.sidebarCollapsed);
  const mobileMenuOpen = useLayoutStore((state) => state.mobileMenuOpen);
  const closeMobileMenu = useLayoutStore((state) => state.closeMobileMenu);
  const tagsView = useSettingsStore((state) => state.settings.tagsView);
  const fixedHeader = useSettingsStore((state) => state.settings.fixedHeader);

  return (
    <Layout className={`app-layout device-${device}`} hasSider={device === 'desktop'}>
      {device === 'desktop' ? (
        <Layout.Sider
          className="app-sider"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          theme="dark"
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      ) : (
        <Drawer
          className="app-mobile-menu"
          placement="left"
          open={mobileMenuOpen}
          onClose={closeMobileMenu}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 }, section: { background: '#001529' } }}
        >
          <SideMenu collapsed={false} onNavigate={closeMobileMenu} />
        </Drawer>
      )}
      <Layout className="app-main">
        <header className={fixedHeader ? 'app-header fixed' : 'app-header'}>
          <NavBar />
          {tagsView ? <TagsBar /> : null}
        </header>
        <Layout.Content className="app-content">
          <Suspense
            fallback={
              <div className="page-loading" role="status" aria-label="页面加载中">
                <Spin />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}
