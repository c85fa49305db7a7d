import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { defaultUiSettings } from '../../../contract/desktop-api';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { installGlobalStyles } from '../testing/global-styles';
import { desktop } from '../platform/desktop';
import { webStorageKeys } from '../platform/web-desktop';
import { useLayoutStore } from '../stores/layout';
import { loadSettings, useSettingsStore } from '../stores/settings';
import { useTagsStore } from '../stores/tags';
import { AppLayout } from './app-layout';
import { THEME_PRESETS } from './settings-drawer';

configure({ asyncUtilTimeout: 4000 });

let removeStyles: () => void;
beforeAll(async () => {
  removeStyles = await installGlobalStyles();
  return () => removeStyles();
});

beforeEach(() => {
  window.localStorage.clear();
  useTagsStore.getState().reset();
  useSettingsStore.setState({ settings: { ...defaultUiSettings, columns: {} }, loaded: true });
  useLayoutStore.setState({ device: 'desktop', sidebarCollapsed: false, mobileMenuOpen: false, settingsOpen: false });
});
afterEach(() => vi.restoreAllMocks());

function renderLayout() {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '*', element: <Button type="primary">保存合同</Button> }] }],
    { initialEntries: ['/dashboard'] },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function openSettings() {
  await userEvent.click(await screen.findByRole('button', { name: '布局设置' }));
  return screen.findByRole('dialog', { name: '系统布局设置' });
}

const toggle = (drawer: HTMLElement, label: string) => within(drawer).getByRole('switch', { name: label });
/** The colour antd gives every primary control: its CSS variable on the control itself (behind the drawer). */
const primaryColour = () =>
  getComputedStyle(screen.getByRole('button', { name: '保存合同', hidden: true }))
    .getPropertyValue('--ant-color-primary')
    .toUpperCase();
const header = () => document.querySelector('.app-header') as HTMLElement;
const logo = () => screen.queryByRole('link', { name: '二手车出口业务管理系统，返回首页' });
const tagsBar = () => screen.queryByRole('navigation', { name: '已打开的页面' });

describe('settings drawer', () => {
  it('starts with the spec’s defaults: #409EFF, tags bar on, header not fixed, sidebar logo shown', async () => {
    renderLayout();
    const drawer = await openSettings();
    expect(toggle(drawer, '开启标签栏')).toBeChecked();
    expect(toggle(drawer, '固定头部')).not.toBeChecked();
    expect(toggle(drawer, '侧边栏标志')).toBeChecked();
    // The picker shows the current colour, and it is the first of the suggested ones.
    await userEvent.click(within(drawer).getByLabelText('主题色'));
    const presets = document.querySelectorAll('.ant-color-picker-presets-color');
    expect(presets).toHaveLength(THEME_PRESETS.length);
    expect(presets[0]).toHaveClass('ant-color-picker-presets-color-checked');
    expect(THEME_PRESETS[0]).toBe('#409EFF');

    expect(primaryColour()).toBe('#409EFF');
    expect(tagsBar()).toBeInTheDocument();
    expect(getComputedStyle(header()).position).toBe('static');
    expect(logo()).toBeInTheDocument();
  });

  it('a chosen theme colour becomes antd’s primary colour and is remembered', async () => {
    renderLayout();
    const drawer = await openSettings();
    await userEvent.click(within(drawer).getByLabelText('主题色'));
    const presets = document.querySelectorAll<HTMLElement>('.ant-color-picker-presets-color');
    await userEvent.click(presets[THEME_PRESETS.indexOf('#11A983')] as HTMLElement);
    await waitFor(() => expect(primaryColour()).toBe('#11A983'));
    expect((await desktop.settings.get()).themeColor).toBe('#11A983');
  });

  it('固定头部 keeps the top bar stuck to the top while the page scrolls', async () => {
    renderLayout();
    const drawer = await openSettings();
    await userEvent.click(toggle(drawer, '固定头部'));
    await waitFor(() => expect(getComputedStyle(header()).position).toBe('sticky'));
    expect(getComputedStyle(header()).top).toBe('0px');
    expect(toggle(drawer, '固定头部')).toBeChecked();
    expect((await desktop.settings.get()).fixedHeader).toBe(true);

    await userEvent.click(toggle(drawer, '固定头部'));
    await waitFor(() => expect(getComputedStyle(header()).position).toBe('static'));
    expect((await desktop.settings.get()).fixedHeader).toBe(false);
  });

  it('侧边栏标志 hides and shows the logo above the menu', async () => {
    renderLayout();
    const drawer = await openSettings();
    await userEvent.click(toggle(drawer, '侧边栏标志'));
    await waitFor(() => expect(logo()).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect((await desktop.settings.get()).sidebarLogo).toBe(false);

    await userEvent.click(toggle(drawer, '侧边栏标志'));
    expect(await screen.findByRole('link', { name: '二手车出口业务管理系统，返回首页' })).toBeInTheDocument();
    expect((await desktop.settings.get()).sidebarLogo).toBe(true);
  });

  it('开启标签栏 removes and restores the tags bar', async () => {
    renderLayout();
    const drawer = await openSettings();
    expect(tagsBar()).toBeInTheDocument();
    await userEvent.click(toggle(drawer, '开启标签栏'));
    await waitFor(() => expect(tagsBar()).not.toBeInTheDocument());
    expect((await desktop.settings.get()).tagsView).toBe(false);
    await userEvent.click(toggle(drawer, '开启标签栏'));
    expect(await screen.findByRole('navigation', { name: '已打开的页面' })).toBeInTheDocument();
  });

  it('saves every choice through desktop.settings, so the next start finds them', async () => {
    const save = vi.spyOn(desktop.settings, 'set');
    const first = renderLayout();
    const drawer = await openSettings();
    await userEvent.click(toggle(drawer, '固定头部'));
    await userEvent.click(toggle(drawer, '侧边栏标志'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenNthCalledWith(1, { fixedHeader: true });
    expect(save).toHaveBeenNthCalledWith(2, { sidebarLogo: false });
    expect(JSON.parse(window.localStorage.getItem(webStorageKeys.uiSettings) ?? '{}')).toMatchObject({
      fixedHeader: true,
      sidebarLogo: false,
    });

    // A restart: the app starts from the defaults and reads what was kept.
    first.unmount();
    useSettingsStore.setState({ settings: { ...defaultUiSettings, columns: {} }, loaded: false });
    await loadSettings();
    renderLayout();
    await screen.findByRole('navigation', { name: '主菜单' });
    expect(logo()).not.toBeInTheDocument();
    expect(getComputedStyle(header()).position).toBe('sticky');
  });

  it('a refused save puts the switch back and says why', async () => {
    vi.spyOn(desktop.settings, 'set').mockRejectedValueOnce(new Error('设置无法保存：磁盘已满'));
    renderLayout();
    const drawer = await openSettings();
    await userEvent.click(toggle(drawer, '固定头部'));
    expect(await screen.findByText('设置无法保存：磁盘已满')).toBeInTheDocument();
    expect(toggle(drawer, '固定头部')).not.toBeChecked();
    expect(getComputedStyle(header()).position).toBe('static');
    expect((await desktop.settings.get()).fixedHeader).toBe(false);
  });
});
