import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from './menu';

type Item = { label?: string; role?: string; click?: () => void; submenu?: Item[]; type?: string };

const itemsOf = (isDev: boolean, deps = { openLogFolder: vi.fn(), openDataFolder: vi.fn() }) => ({
  deps,
  items: (menuTemplate({ isDev, ...deps }) as Item[]).flatMap((menu) => menu.submenu ?? []),
});

describe('the application menu', () => {
  it('names every entry in Chinese', () => {
    const { items } = itemsOf(true);
    for (const item of items.filter((entry) => entry.type !== 'separator')) {
      expect(item.label).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('opens the data folder and the log folder from their entries', () => {
    const { items, deps } = itemsOf(false);
    items.find((item) => item.label === '打开数据文件夹')?.click?.();
    expect(deps.openDataFolder).toHaveBeenCalledOnce();
    expect(deps.openLogFolder).not.toHaveBeenCalled();
    items.find((item) => item.label === '打开日志文件夹')?.click?.();
    expect(deps.openLogFolder).toHaveBeenCalledOnce();
  });

  it('offers the developer tools only to developers', () => {
    expect(itemsOf(true).items.some((item) => item.role === 'toggleDevTools')).toBe(true);
    expect(itemsOf(false).items.some((item) => item.role === 'toggleDevTools')).toBe(false);
  });
});
