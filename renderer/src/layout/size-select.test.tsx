import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Input } from 'antd';
import { defaultUiSettings, type UiSettings } from '../../../contract/desktop-api';
import { createQueryClient } from '../api/query-client';
import { componentSizeFor, sizeLabels } from '../app/component-size';
import { AppProviders } from '../app/providers';
import { desktop } from '../platform/desktop';
import { useSettingsStore } from '../stores/settings';
import { SizeSelect } from './size-select';

configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  window.localStorage.clear();
  useSettingsStore.setState({ settings: { ...defaultUiSettings, columns: {} }, loaded: true });
});
afterEach(() => vi.restoreAllMocks());

function renderWithControls() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SizeSelect />
      <Button>查询合同</Button>
      <Input aria-label="合同编号" />
    </AppProviders>,
  );
}

const button = () => screen.getByRole('button', { name: '查询合同' });
const input = () => screen.getByRole('textbox', { name: '合同编号' });

async function choose(label: string) {
  await userEvent.click(screen.getByRole('button', { name: '布局大小' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('size selector', () => {
  it('maps the spec’s four sizes onto antd’s three', () => {
    expect(componentSizeFor).toEqual({ default: 'large', medium: 'middle', small: 'small', mini: 'small' });
    expect(sizeLabels).toEqual({ default: '默认', medium: '中等', small: '小', mini: '迷你' });
  });

  it('offers the four sizes with the current one marked, and starts large', async () => {
    renderWithControls();
    expect(button()).toHaveClass('ant-btn-lg');
    expect(input()).toHaveClass('ant-input-lg');
    await userEvent.click(screen.getByRole('button', { name: '布局大小' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['默认', '中等', '小', '迷你']);
    expect(within(menu).getByRole('menuitem', { name: '默认' })).toHaveClass('ant-dropdown-menu-item-selected');
  });

  it.each<[string, UiSettings['size'], string, string]>([
    ['中等', 'medium', '', ''],
    ['小', 'small', 'ant-btn-sm', 'ant-input-sm'],
    ['迷你', 'mini', 'ant-btn-sm', 'ant-input-sm'],
  ])('choosing %s resizes the controls, says so and is remembered', async (label, size, buttonClass, inputClass) => {
    renderWithControls();
    await choose(label);
    expect(await screen.findByText('布局大小已切换')).toBeInTheDocument();
    await waitFor(() => expect(button()).not.toHaveClass('ant-btn-lg'));
    expect(input()).not.toHaveClass('ant-input-lg');
    if (buttonClass) {
      expect(button()).toHaveClass(buttonClass);
      expect(input()).toHaveClass(inputClass);
    } else {
      // antd's middle size is its plain one: no size class at all.
      expect(button().className).not.toMatch(/ant-btn-(sm|lg)\b/);
      expect(input().className).not.toMatch(/ant-input-(sm|lg)\b/);
    }
    expect((await desktop.settings.get()).size).toBe(size);
  });

  it('goes back to 默认 (large)', async () => {
    useSettingsStore.setState({ settings: { ...defaultUiSettings, columns: {}, size: 'mini' } });
    renderWithControls();
    expect(button()).toHaveClass('ant-btn-sm');
    await choose('默认');
    await waitFor(() => expect(button()).toHaveClass('ant-btn-lg'));
    expect(input()).toHaveClass('ant-input-lg');
    expect((await desktop.settings.get()).size).toBe('default');
  });

  it('keeps the size and says why when it cannot be saved', async () => {
    vi.spyOn(desktop.settings, 'set').mockRejectedValueOnce(new Error('设置无法保存：磁盘已满'));
    renderWithControls();
    await choose('小');
    expect(await screen.findByText('设置无法保存：磁盘已满')).toBeInTheDocument();
    expect(screen.queryByText('布局大小已切换')).not.toBeInTheDocument();
    expect(button()).toHaveClass('ant-btn-lg');
  });
});
