import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { defaultUiSettings } from '../../../contract/desktop-api';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { useLayoutStore } from '../stores/layout';
import { useSettingsStore } from '../stores/settings';
import { useTagsStore } from '../stores/tags';
import { AppLayout, SIDEBAR_WIDTH } from './app-layout';

configure({ asyncUtilTimeout: 4000 });

/** jsdom's window is 1024 px wide and lays nothing out, so the body's width reads 0 and the window's counts. */
const JSDOM_WIDTH = window.innerWidth;

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function renderLayout(start = '/dashboard') {
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <p>当前页面</p> }] }], {
    initialEntries: [start],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return () => router.state.location.pathname;
}

const sider = () => document.querySelector<HTMLElement>('.app-sider');
const hamburger = () => screen.getByRole('button', { name: /侧边栏$/ });

beforeEach(() => {
  window.localStorage.clear();
  useTagsStore.getState().reset();
  useSettingsStore.setState({ settings: { ...defaultUiSettings, columns: {} }, loaded: true });
  useLayoutStore.setState({ device: 'desktop', sidebarCollapsed: false, mobileMenuOpen: false, settingsOpen: false });
});
afterEach(() => resizeTo(JSDOM_WIDTH));

describe('app layout', () => {
  it('shows the menu in a 210 px sidebar that folds to 64 px icons and back', async () => {
    expect(SIDEBAR_WIDTH).toBe(210);
    renderLayout();
    expect(await screen.findByText('当前页面')).toBeInTheDocument();
    const aside = sider();
    expect(aside).not.toBeNull();
    expect(within(aside as HTMLElement).getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(getComputedStyle(aside as HTMLElement).width).toBe('210px');
    expect(getComputedStyle(aside as HTMLElement).maxWidth).toBe('210px');

    await userEvent.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(getComputedStyle(aside as HTMLElement).width).toBe('64px');
    expect(hamburger()).toHaveAccessibleName('展开侧边栏');
    expect(hamburger()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(hamburger());
    expect(getComputedStyle(aside as HTMLElement).width).toBe('210px');
    expect(hamburger()).toHaveAttribute('aria-expanded', 'true');
  });

  it('below 992 px hides the sidebar; the hamburger opens the menu in a 210 px drawer that a pick closes', async () => {
    const location = renderLayout('/setting/staff');
    await screen.findByText('当前页面');
    expect(screen.getByRole('button', { name: '布局大小' })).toBeInTheDocument();

    // 992 px is still the desktop layout; one pixel less is mobile.
    resizeTo(992);
    expect(sider()).not.toBeNull();
    resizeTo(991);
    expect(sider()).toBeNull();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(hamburger()).toHaveAccessibleName('展开侧边栏');
    // The narrow top bar keeps only what fits.
    expect(screen.queryByRole('button', { name: '布局大小' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '搜索页面' })).not.toBeInTheDocument();

    await userEvent.click(hamburger());
    const menu = await screen.findByRole('navigation', { name: '主菜单' });
    const drawer = menu.closest<HTMLElement>('.ant-drawer-content-wrapper');
    expect(drawer).not.toBeNull();
    expect(getComputedStyle(drawer as HTMLElement).width).toBe('210px');
    expect(hamburger()).toHaveAccessibleName('收起侧边栏');

    await userEvent.click(within(menu).getByRole('menuitem', { name: /首页/ }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(hamburger()).toHaveAccessibleName('展开侧边栏');
    await waitFor(() => expect(menu.closest('.ant-drawer')).not.toHaveClass('ant-drawer-open'));

    // Back to a wide window: the sidebar returns, unfolded.
    resizeTo(1280);
    expect(sider()).not.toBeNull();
    expect(getComputedStyle(sider() as HTMLElement).width).toBe('210px');
  });

  it('closes an open mobile menu when the window narrows again after widening', async () => {
    renderLayout();
    await screen.findByText('当前页面');
    resizeTo(800);
    await userEvent.click(hamburger());
    expect(await screen.findByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    resizeTo(1200);
    resizeTo(800);
    expect(hamburger()).toHaveAccessibleName('展开侧边栏');
  });
});
