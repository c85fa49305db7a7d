import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

  describe('connection test against a real HTTP server', () => {
    let server: Server;
    let base: string;
    let healthStatus = 200;
    let hang = false;

    beforeAll(async () => {
      server = createServer((req, res) => {
        if (hang) return; // never answers: the time-out must fire
        if (req.url === '/api/health') {
          res.writeHead(healthStatus, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: healthStatus, message: 'ok', data: { status: 'ok' } }));
          return;
        }
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    // jsdom's fetch would apply its own CORS rules to another port: the Node fetch is what a browser on
    // the same origin would do.
    const desktop = () => createWebDesktop({ fetch: globalThis.fetch, testTimeoutMs: 300 });

    it('reports success when /api/health answers', async () => {
      healthStatus = 200;
      hang = false;
      expect(await desktop().connection.test(`${base}/`)).toEqual({ ok: true, message: '连接成功' });
    });

    it('reports an error status in Chinese', async () => {
      healthStatus = 503;
      hang = false;
      const result = await desktop().connection.test(base);
      expect(result.ok).toBe(false);
      expect(result.message).toContain('503');
    });

    it('reports a time-out', async () => {
      hang = true;
      const result = await desktop().connection.test(base);
      expect(result).toEqual({ ok: false, message: '连接超时，请检查服务器地址和网络' });
      hang = false;
    });

    it('reports an unreachable server', async () => {
      const result = await desktop().connection.test('http://127.0.0.1:1');
      expect(result).toEqual({ ok: false, message: '无法连接服务器，请检查服务器地址和网络' });
    });
  });
});
