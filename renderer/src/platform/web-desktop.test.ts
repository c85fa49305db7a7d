import { beforeEach, describe, expect, it } from 'vitest';
import { defaultUiSettings } from '../../../contract/desktop-api';
import { createWebDesktop, webStorageKeys } from './web-desktop';

describe('web desktop bridge', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('keeps the token in sessionStorage only and clears it', async () => {
    const desktop = createWebDesktop();
    expect(desktop.kind).toBe('web');
    expect(await desktop.token.get()).toBeNull();
    expect(await desktop.token.set('secret-token')).toEqual({ stored: 'session' });
    expect(await desktop.token.get()).toBe('secret-token');
    expect(window.sessionStorage.getItem(webStorageKeys.token)).toBe('secret-token');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('secret-token');
    await desktop.token.clear();
    expect(await desktop.token.get()).toBeNull();
  });

  it('answers the default settings, then remembers a patch in localStorage', async () => {
    const desktop = createWebDesktop();
    expect(await desktop.settings.get()).toEqual(defaultUiSettings);
    const next = await desktop.settings.set({ size: 'small', columns: { staff: ['name', 'phone'] } });
    expect(next).toEqual({ ...defaultUiSettings, size: 'small', columns: { staff: ['name', 'phone'] } });
    // A new bridge (a reloaded page) reads the same choices.
    expect(await createWebDesktop().settings.get()).toEqual(next);
    // Settings survive logout: clearing the token leaves them alone.
    await desktop.token.clear();
    expect((await desktop.settings.get()).size).toBe('small');
  });

  it('tolerates corrupt or partly wrong stored settings', async () => {
    window.localStorage.setItem(webStorageKeys.uiSettings, '{not json');
    expect(await createWebDesktop().settings.get()).toEqual(defaultUiSettings);
    window.localStorage.setItem(
      webStorageKeys.uiSettings,
      JSON.stringify({ size: 'huge', tagsView: false, themeColor: 42, columns: { a: [1, 2] } }),
    );
    expect(await createWebDesktop().settings.get()).toEqual({ ...defaultUiSettings, tagsView: false });
  });

  it('refuses a malformed settings patch with a Chinese message and keeps the old value', async () => {
    const desktop = createWebDesktop();
    await expect(desktop.settings.set({ themeColor: 'red' })).rejects.toThrow('主题色必须是 #RRGGBB 格式的颜色');
    await expect(desktop.settings.set({ role: 'admin' } as never)).rejects.toThrow();
    expect((await desktop.settings.get()).themeColor).toBe(defaultUiSettings.themeColor);
  });

  it('always talks to its own origin and refuses to change the connection', async () => {
    const desktop = createWebDesktop();
    expect(await desktop.connection.get()).toEqual({ mode: 'embedded', officeUrl: '', apiBase: '' });
    await expect(desktop.connection.set({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' })).rejects.toThrow(
      /浏览器版本/,
    );
  });

  it('answers the app version', async () => {
    expect(await createWebDesktop().app.version()).toMatch(/^\d+\.\d+\.\d+/);
  });

  describe('connection test', () => {
    // The renderer's type world has no Node (no node:http here); a fetch stand-in plays the server. The same
    // health check against a real HTTP server is tested in main/connection.test.ts.
    const calls: string[] = [];
    const serverAnswering =
      (status: number | 'hang' | 'down'): typeof fetch =>
      (input, init) => {
        calls.push(String(input));
        if (status === 'down') return Promise.reject(new TypeError('Failed to fetch'));
        if (status === 'hang') {
          return new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return Promise.resolve(new Response(JSON.stringify({ code: status, data: { status: 'ok' } }), { status }));
      };
    const desktop = (status: number | 'hang' | 'down') =>
      createWebDesktop({ fetch: serverAnswering(status), testTimeoutMs: 200 });

    beforeEach(() => {
      calls.length = 0;
    });

    it('reports success when /api/health answers', async () => {
      expect(await desktop(200).connection.test('http://10.0.0.5:8787/')).toEqual({ ok: true, message: '连接成功' });
      expect(calls).toEqual(['http://10.0.0.5:8787/api/health']);
    });

    it('checks its own origin when given no address', async () => {
      expect((await desktop(200).connection.test('')).ok).toBe(true);
      expect(calls).toEqual(['/api/health']);
    });

    it('reports an error status in Chinese', async () => {
      const result = await desktop(503).connection.test('http://10.0.0.5:8787');
      expect(result).toEqual({ ok: false, message: '服务器响应异常（HTTP 503）' });
    });

    it('reports a time-out', async () => {
      const result = await desktop('hang').connection.test('http://10.0.0.5:8787');
      expect(result).toEqual({ ok: false, message: '连接超时，请检查服务器地址和网络' });
    });

    it('reports an unreachable server', async () => {
      const result = await desktop('down').connection.test('http://10.0.0.5:8787');
      expect(result).toEqual({ ok: false, message: '无法连接服务器，请检查服务器地址和网络' });
    });
  });
});
