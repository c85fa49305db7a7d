import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectronDesktop } from '../testing/fake-electron-desktop';

/** platform/desktop.ts decides once, on first import: every case starts from a fresh module graph. */
async function freshDesktop() {
  vi.resetModules();
  return (await import('./desktop')).desktop;
}

afterEach(() => {
  delete window.desktop;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('platform desktop', () => {
  it('uses the Electron bridge when the preload exposed one', async () => {
    const { bridge } = createFakeElectronDesktop();
    window.desktop = bridge;
    const desktop = await freshDesktop();
    expect(desktop).toBe(bridge);
    expect(desktop.kind).toBe('electron');

    // The app's stores go through it: a login's token reaches the shell's store, not the tab's.
    const { startSession } = await import('../stores/session');
    await startSession('t-electron', { id: 1, nickname: '管理员', username: 'admin' });
    expect(bridge.token.set).toHaveBeenCalledWith('t-electron');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('falls back to the browser flavour without a bridge', async () => {
    const desktop = await freshDesktop();
    expect(desktop.kind).toBe('web');
    expect(await desktop.token.set('t-web')).toEqual({ stored: 'session' });
    expect(await desktop.token.get()).toBe('t-web');

    const { loadSettings } = await import('../stores/settings');
    await desktop.settings.set({ size: 'mini' });
    expect((await loadSettings()).size).toBe('mini');
  });
});
