import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../contract/desktop-api';
import {
  connectionMessages,
  createConnectionService,
  describeFetchFailure,
  testServer,
  type SwitchQuestion,
} from './connection';
import type { EmbeddedServer, EmbeddedServerStatus } from './embedded-server';
import { createSettingsStore } from './settings-store';
import { openConfFile } from './testing/conf-file';
import { closedPort, startHealthServer } from './testing/health-server';

describe('testServer against a real HTTP server', () => {
  let server: Awaited<ReturnType<typeof startHealthServer>>;
  beforeAll(async () => {
    server = await startHealthServer();
  });
  afterAll(() => server.close());

  it('succeeds when /api/health answers as our server', async () => {
    server.behave('ours');
    expect(await testServer(`${server.url}/`)).toEqual({ ok: true, message: connectionMessages.ok });
    expect(server.requests.at(-1)).toBe('/api/health');
  });

  it('tells a server that is not ours', async () => {
    server.behave('foreign');
    expect(await testServer(server.url)).toEqual({ ok: false, message: connectionMessages.notOurServer });
  });

  it('reports an error status', async () => {
    server.behave('error');
    expect(await testServer(server.url)).toEqual({ ok: false, message: connectionMessages.badStatus(500) });
  });

  it('does not follow a redirect elsewhere', async () => {
    server.behave('redirect');
    expect(await testServer(server.url)).toEqual({ ok: false, message: connectionMessages.redirected });
  });

  it('gives up after the time-out', async () => {
    server.behave('hang');
    const started = Date.now();
    expect(await testServer(server.url, { timeoutMs: 300 })).toEqual({
      ok: false,
      message: connectionMessages.timeout,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    server.behave('ours');
  });

  it('explains a refused connection', async () => {
    const port = await closedPort();
    expect(await testServer(`http://127.0.0.1:${port}`)).toEqual({ ok: false, message: connectionMessages.refused });
  });

  it('explains Chromium’s network errors (net.fetch) as it does Node’s', () => {
    const chromium = (name: string) => describeFetchFailure(new Error(`net::${name}`), false);
    expect(chromium('ERR_CONNECTION_REFUSED')).toBe(connectionMessages.refused);
    expect(chromium('ERR_NAME_NOT_RESOLVED')).toBe(connectionMessages.notFound);
    expect(chromium('ERR_CERT_AUTHORITY_INVALID')).toBe(connectionMessages.certificate);
    expect(chromium('ERR_CERT_COMMON_NAME_INVALID')).toBe(connectionMessages.certificate);
    expect(chromium('ERR_SSL_PROTOCOL_ERROR')).toBe(connectionMessages.notHttps);
    expect(chromium('ERR_PROXY_CONNECTION_FAILED')).toBe(connectionMessages.proxy);
    expect(chromium('ERR_TUNNEL_CONNECTION_FAILED')).toBe(connectionMessages.proxy);
    expect(chromium('ERR_CONNECTION_TIMED_OUT')).toBe(connectionMessages.timeout);
    expect(chromium('ERR_INTERNET_DISCONNECTED')).toBe(connectionMessages.unreachable);
    expect(describeFetchFailure(new Error("Attempted to redirect, but redirect policy was 'error'"), false)).toBe(
      connectionMessages.redirected,
    );
  });

  it('marks a successful plain-HTTP office server as unencrypted', async () => {
    server.behave('ours');
    const viaOtherName: typeof fetch = (input, init) =>
      fetch(String(input).replace('http://office.example', server.url), init);
    expect(await testServer('http://office.example', { fetch: viaOtherName })).toEqual({
      ok: true,
      message: connectionMessages.okInsecure,
    });
  });
});

/** The embedded server as the connection service sees it; its real process is tested in embedded-server.test.ts. */
function embeddedStandIn(url: string) {
  let status: EmbeddedServerStatus = { url: '' };
  const calls: string[] = [];
  let failWith: string | null = null;
  const server: EmbeddedServer = {
    async start() {
      calls.push('start');
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (failWith) {
        status = { url: '', error: failWith };
        throw new Error(failWith);
      }
      status = { url };
      return url;
    },
    async stop() {
      calls.push('stop');
      status = { url: '' };
    },
    restart: async () => status.url,
    status: () => status,
  };
  return { server, calls, fail: (message: string) => (failWith = message) };
}

describe('connection service', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'connection-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = (embeddedUrl = 'http://127.0.0.1:50123') => {
    const embedded = embeddedStandIn(embeddedUrl);
    const changes: ConnectionState[] = [];
    const settings = createSettingsStore(openConfFile(dir, 'settings'));
    const asked: SwitchQuestion[] = [];
    /** The clerk's answers to the native confirmation, in order; 切换 once the list is used up. */
    const answers: number[] = [];
    const connection = createConnectionService({
      settings,
      embedded: embedded.server,
      onApiBaseChanged: (state) => changes.push(state),
      confirmSwitch: async (question) => {
        asked.push(question);
        return answers.shift() ?? 0;
      },
    });
    return { connection, embedded, changes, settings, asked, answers };
  };

  it('starts the embedded server by default, and get() waits for its URL', async () => {
    const { connection, embedded } = setUp();
    void connection.startup();
    expect(await connection.get()).toEqual({ mode: 'embedded', officeUrl: '', apiBase: 'http://127.0.0.1:50123' });
    expect(connection.apiBase()).toBe('http://127.0.0.1:50123');
    expect(embedded.calls).toEqual(['start']);
  });

  it('reports why the embedded server did not start', async () => {
    const { connection, embedded } = setUp();
    embedded.fail('内置服务器启动失败：数据库文件被占用');
    await connection.startup();
    expect(await connection.get()).toEqual({
      mode: 'embedded',
      officeUrl: '',
      apiBase: '',
      error: '内置服务器启动失败：数据库文件被占用',
    });
  });

  it('switches to the office server: stops the embedded one, remembers it, and says the API base changed', async () => {
    const { connection, embedded, changes } = setUp();
    await connection.startup();
    const state = await connection.set({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' });
    expect(state).toEqual({ mode: 'office', officeUrl: 'https://10.0.0.5:8787', apiBase: 'https://10.0.0.5:8787' });
    expect(embedded.calls).toEqual(['start', 'stop']);
    expect(changes).toEqual([state]);

    // After a restart the office server is used and the embedded server is not started.
    const again = setUp();
    await again.connection.startup();
    expect(again.embedded.calls).toEqual([]);
    expect(await again.connection.get()).toEqual(state);
  });

  it('switches back to the embedded server', async () => {
    const { connection, embedded, changes } = setUp();
    await connection.set({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' });
    const state = await connection.set({ mode: 'embedded', officeUrl: 'https://10.0.0.5:8787' });
    expect(state.apiBase).toBe('http://127.0.0.1:50123');
    expect(embedded.calls).toEqual(['stop', 'start']);
    expect(changes.map((change) => change.apiBase)).toEqual(['https://10.0.0.5:8787', 'http://127.0.0.1:50123']);
  });

  it('does not announce a change, nor ask, when the server stays the same', async () => {
    const { connection, changes, asked } = setUp();
    await connection.startup();
    await connection.set({ mode: 'embedded', officeUrl: '' });
    // Only the office address remembered for later changes: still the embedded server, no question.
    await connection.set({ mode: 'embedded', officeUrl: 'https://10.0.0.5:8787' });
    expect(changes).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('asks the clerk in Chinese before switching, 取消 being the default', async () => {
    const { connection, asked } = setUp();
    await connection.startup();
    await connection.set({ mode: 'office', officeUrl: 'http://10.0.0.5:8787' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      type: 'question',
      title: '切换服务器',
      message: '确定从本机内置服务器切换到办公室服务器 http://10.0.0.5:8787吗？',
      buttons: ['切换', '取消'],
      defaultId: 1,
      cancelId: 1,
    });
    // Plain HTTP to another machine: the clerk is told it is not encrypted.
    expect(asked[0]?.detail).toContain('连接不加密');

    await connection.set({ mode: 'office', officeUrl: 'https://erp.example.cn' });
    expect(asked[1]?.message).toBe(
      '确定从办公室服务器 http://10.0.0.5:8787切换到办公室服务器 https://erp.example.cn吗？',
    );
    expect(asked[1]?.detail).not.toContain('不加密');
  });

  it('changes nothing when the clerk answers 取消', async () => {
    const { connection, embedded, changes, settings, answers } = setUp();
    await connection.startup();
    answers.push(1);
    await expect(connection.set({ mode: 'office', officeUrl: 'https://evil.example' })).rejects.toThrow(
      connectionMessages.switchCancelled,
    );
    expect(settings.getConnection()).toEqual({ mode: 'embedded', officeUrl: '' });
    expect(embedded.calls).toEqual(['start']);
    expect(changes).toEqual([]);
    expect(connection.apiBase()).toBe('http://127.0.0.1:50123');
  });

  it('tests a URL through the real health check', async () => {
    const server = await startHealthServer();
    try {
      const { connection } = setUp();
      expect(await connection.test(server.url)).toEqual({ ok: true, message: connectionMessages.ok });
    } finally {
      await server.close();
    }
  });
});
