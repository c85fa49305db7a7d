import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopChannels } from '../../contract/desktop-api';
import { connectionMessages, createConnectionService } from '../connection';
import type { EmbeddedServer } from '../embedded-server';
import { createSettingsStore } from '../settings-store';
import { openConfFile } from '../testing/conf-file';
import { startHealthServer } from '../testing/health-server';
import { foreignSenders, fromApp } from '../testing/ipc-events';
import { connectionIpcHandlers } from './connection-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc-guard';

describe('connection IPC', () => {
  let dir: string;
  let health: Awaited<ReturnType<typeof startHealthServer>>;
  beforeAll(async () => {
    health = await startHealthServer();
  });
  afterAll(() => health.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'connection-ipc-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = () => {
    // The embedded server is the real health server here: its URL is what the connection answers.
    let url = '';
    const embedded: EmbeddedServer = {
      start: async () => (url = health.url),
      stop: async () => {
        url = '';
      },
      restart: async () => url,
      status: () => ({ url }),
    };
    const connection = createConnectionService({
      settings: createSettingsStore(openConfFile(dir, 'settings')),
      embedded,
      // The clerk answers 切换 (connection.test.ts covers the question and 取消).
      confirmSwitch: async () => 0,
    });
    const handlers = connectionIpcHandlers({ isTrusted: appSenderCheck(), connection });
    return {
      connection,
      get: handlers[desktopChannels.connectionGet] as GuardedHandler,
      set: handlers[desktopChannels.connectionSet] as GuardedHandler,
      test: handlers[desktopChannels.connectionTest] as GuardedHandler,
    };
  };

  it('answers the embedded server URL as the API base', async () => {
    const ipc = setUp();
    await ipc.connection.startup();
    expect(await ipc.get(fromApp)).toEqual({ mode: 'embedded', officeUrl: '', apiBase: health.url });
  });

  it('sets the office server, trimming a trailing slash', async () => {
    const ipc = setUp();
    expect(await ipc.set(fromApp, { mode: 'office', officeUrl: ' https://10.0.0.5:8787/ ' })).toEqual({
      mode: 'office',
      officeUrl: 'https://10.0.0.5:8787',
      apiBase: 'https://10.0.0.5:8787',
    });
  });

  it('tests a server with a real request', async () => {
    const ipc = setUp();
    expect(await ipc.test(fromApp, health.url)).toEqual({ ok: true, message: connectionMessages.ok });
    expect(health.requests.at(-1)).toBe('/api/health');
  });

  it.each([
    ['an office server without an address', { mode: 'office', officeUrl: '' }, '请输入服务器地址'],
    [
      'a file: address',
      { mode: 'office', officeUrl: 'file:///etc/passwd' },
      '服务器地址必须以 http:// 或 https:// 开头',
    ],
    [
      'a javascript: address',
      { mode: 'office', officeUrl: 'javascript:alert(1)' },
      '服务器地址必须以 http:// 或 https://',
    ],
    [
      'an address with a password in it',
      { mode: 'office', officeUrl: 'https://a:b@10.0.0.5' },
      '服务器地址不能包含用户名或密码',
    ],
    [
      'an address with a path',
      { mode: 'office', officeUrl: 'https://10.0.0.5:8787/api' },
      '服务器地址只填协议、主机和端口，不要带路径',
    ],
    [
      'an address with a query',
      { mode: 'office', officeUrl: 'https://10.0.0.5:8787/?next=evil' },
      '服务器地址不能带 ? 或 # 及其后的内容',
    ],
    [
      'an unknown mode',
      { mode: 'cloud', officeUrl: 'https://x.example' },
      '连接方式只能是本机内置服务器或办公室服务器',
    ],
    ['an extra field', { mode: 'embedded', officeUrl: '', apiBase: 'http://evil.example' }, ''],
  ])('refuses %s and keeps the old settings', async (_label, settings, message) => {
    const ipc = setUp();
    const refusal = ipc.set(fromApp, settings);
    await expect(refusal).rejects.toThrow(/^请求参数不正确：[\s\S]*[\u4e00-\u9fff]/);
    if (message) await expect(refusal).rejects.toThrow(message);
    expect(((await ipc.get(fromApp)) as { mode: string }).mode).toBe('embedded');
  });

  it.each([
    ['ftp://10.0.0.5'],
    ['not a url'],
    [''],
    ['http://'],
    ['https://10.0.0.5:8787/admin'],
    ['https://10.0.0.5:8787?x=1'],
    ['https://10.0.0.5:8787#top'],
    ['https://user@10.0.0.5:8787'],
    ['https://:secret@10.0.0.5:8787'],
  ])('refuses to test %j', async (url) => {
    const ipc = setUp();
    await expect(ipc.test(fromApp, url)).rejects.toThrow(/^请求参数不正确/);
  });

  it.each(foreignSenders)('refuses %s', async (_label, event) => {
    const ipc = setUp();
    await expect(ipc.get(event)).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.set(event, { mode: 'office', officeUrl: 'https://evil.example' })).rejects.toThrow(
      ipcMessages.untrustedSender,
    );
    await expect(ipc.test(event, health.url)).rejects.toThrow(ipcMessages.untrustedSender);
    expect(((await ipc.get(fromApp)) as { mode: string }).mode).toBe('embedded');
  });
});
