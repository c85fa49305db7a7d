import { beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileSearchOutlined } from '@ant-design/icons';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { resetSessionDialog, setApiBase } from '../api/http-client';
import { createQueryClient } from '../api/query-client';
import { desktop } from '../platform/desktop';
import { useBootStore } from '../stores/boot';
import { useTagsStore } from '../stores/tags';
import { AppProviders } from './providers';
import { createAppRoutes } from './router';
import { type AppRoute, appRoutes } from './routes';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { envelope } from '../testing/scripted-api-server';

// The screens are lazy chunks that vitest transforms on first use: give them time.
configure({ asyncUtilTimeout: 8000 });

const server = scriptedApiForEachTest({ loggedIn: false });

const counts = {
  orderNum: 12,
  purchaseNum: 7,
  carEntry: 5,
  carRelease: 4,
  carPlate: 3,
  carTransfer: 2,
  carExports: 9,
  carDrawback: 1,
  carFreight: 6,
  carArchive: 8,
  carComplete: 11,
};

beforeEach(() => {
  resetSessionDialog();
  window.sessionStorage.clear();
  window.localStorage.clear();
  useTagsStore.getState().reset();
  useBootStore.setState({ phase: 'starting', needsSetup: false, error: '' });
  server.on('GET /api/setup', envelope(200, { needs_setup: false }));
  server.on('GET /api/user/info', (request) =>
    request.authorization === 'Bearer good-token'
      ? envelope(200, { id: 1, username: 'admin', name: '王管理', avatar: '', introduction: '', roles: ['admin'] })
      : envelope(401, null, '登录已过期，请重新登录'),
  );
  server.on('GET /api/dashboard', envelope(200, counts));
});

function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return () => router.state.location.pathname + router.state.location.search;
}

describe('the app shell', () => {
  it('sends a visitor without a token to the login page, keeping the wanted screen and its query', async () => {
    const location = renderApp('/setting/staff?page=2');
    expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fsetting%2Fstaff&page=2');
  });

  it('sends everything to the first-run setup while no account exists', async () => {
    server.on('GET /api/setup', envelope(200, { needs_setup: true }));
    const location = renderApp('/login');
    expect(await screen.findByRole('button', { name: '创建管理员' })).toBeInTheDocument();
    expect(location()).toBe('/setup');
  });

  it('resumes a remembered session: sidebar, breadcrumb, pinned tag and the dashboard counts', async () => {
    await desktop.token.set('good-token');
    renderApp('/');
    expect(await screen.findByText('欢迎，王管理')).toBeInTheDocument();
    expect(screen.getByText('员工编号：1')).toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: '主菜单' });
    for (const group of [
      '业务管理',
      '客户管理',
      '采购管理',
      '出入库管理',
      '车管业务',
      '出口报关',
      '归档管理',
      '系统设置',
    ]) {
      expect(within(menu).getByText(group)).toBeInTheDocument();
    }
    // The browser build has no connection choice in its menu.
    expect(within(menu).queryByText('连接设置')).not.toBeInTheDocument();

    const stats = await screen.findByRole('list', { name: '业务统计' });
    expect(within(stats).getAllByRole('link')).toHaveLength(11);
    await waitFor(() => expect(within(stats).getByRole('link', { name: /^归档完成：11/ })).toBeInTheDocument());

    const tags = screen.getByRole('navigation', { name: '已打开的页面' });
    expect(within(tags).getByText('首页')).toBeInTheDocument();
    expect(within(tags).queryByRole('button', { name: /关闭 首页/ })).not.toBeInTheDocument();
    expect(document.title).toBe('首页 - 二手车出口业务管理系统');
  });

  it('opens 档案查询 from the menu as its screen, with its breadcrumb and tag', async () => {
    await desktop.token.set('good-token');
    server.on(
      'GET /api/car/procedureLists',
      envelope(200, { data: [], total: 0, meta: { total: 0, page: 1, limit: 15 } }),
    );
    const location = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: '主菜单' });
    await userEvent.click(within(menu).getByText('归档管理'));
    await userEvent.click(await within(menu).findByText('档案查询'));
    expect(await screen.findByRole('search', { name: '档案查询筛选' })).toBeInTheDocument();
    expect(location()).toBe('/filed/query_list');
    const crumbs = document.querySelector('.app-breadcrumb') as HTMLElement;
    expect(crumbs.textContent).toBe('首页/归档管理/档案查询');
    const tags = screen.getByRole('navigation', { name: '已打开的页面' });
    expect(within(tags).getByText('档案查询')).toBeInTheDocument();
  });

  it('opens a route without a screen yet as a named 建设中 page', async () => {
    // Every screen of the route table is built now: a route registered only in this test stands for the
    // next one, in the 归档管理 menu, for as long as the test runs.
    const filed = appRoutes.find((route) => route.path === '/filed')!;
    const unbuilt: AppRoute = { path: '/filed/next_screen', title: '下一个页面', icon: FileSearchOutlined };
    filed.children!.push(unbuilt);
    try {
      await desktop.token.set('good-token');
      const location = renderApp('/dashboard');
      const menu = await screen.findByRole('navigation', { name: '主菜单' });
      await userEvent.click(within(menu).getByText('归档管理'));
      await userEvent.click(await within(menu).findByText('下一个页面'));
      expect(await screen.findByText('「下一个页面」建设中')).toBeInTheDocument();
      expect(location()).toBe('/filed/next_screen');
      const crumbs = document.querySelector('.app-breadcrumb') as HTMLElement;
      expect(crumbs.textContent).toBe('首页/归档管理/下一个页面');
      const tags = screen.getByRole('navigation', { name: '已打开的页面' });
      expect(within(tags).getByText('下一个页面')).toBeInTheDocument();
    } finally {
      filed.children!.splice(filed.children!.indexOf(unbuilt), 1);
    }
  });

  it('clicking a dashboard count opens the archive query of exactly the cars it counts', async () => {
    await desktop.token.set('good-token');
    server.on(
      'GET /api/car/procedureLists',
      envelope(200, { data: [], total: 0, meta: { total: 0, page: 1, limit: 15 } }),
    );
    const location = renderApp('/dashboard');
    const stats = await screen.findByRole('list', { name: '业务统计' });
    await userEvent.click(await within(stats).findByRole('link', { name: /^出口：9/ }));
    expect(await screen.findByText('筛选：已出口')).toBeInTheDocument();
    expect(location()).toBe('/filed/query_list?stage=exports');
  });

  it('redirects /transaction to the overseas list', async () => {
    await desktop.token.set('good-token');
    const location = renderApp('/transaction');
    expect(await screen.findByRole('button', { name: /新建业务/ })).toBeInTheDocument();
    expect(location()).toBe('/overseas/list');
  });

  it('shows 404 for an unknown path', async () => {
    await desktop.token.set('good-token');
    const other = renderApp('/no/such/screen');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(other()).toBe('/404');
  });

  it('ends a stale remembered session quietly on the login page', async () => {
    await desktop.token.set('stale-token');
    const location = renderApp('/setting/staff');
    expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fsetting%2Fstaff');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await desktop.token.get()).toBeNull();
  });

  it('shows why it cannot start when the server is unreachable, with a way to the connection settings', async () => {
    setApiBase('http://127.0.0.1:1');
    renderApp('/dashboard');
    expect(await screen.findByText('无法启动')).toBeInTheDocument();
    expect(screen.getByText(/无法连接服务器/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '连接设置' }));
    expect(await screen.findByText('浏览器版本始终使用提供本页面的服务器')).toBeInTheDocument();
  });
});
