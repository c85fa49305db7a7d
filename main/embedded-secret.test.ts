import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BeforeSendResponse, OnBeforeSendHeadersListenerDetails, WebRequestFilter } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRET_HEADER } from '../contract/embedded-lock';
import { testServer } from './connection';
import { createDownloads } from './downloads';
import { createEmbeddedSecretHeader, newEmbeddedSecret, type WebRequestLike } from './embedded-secret';
import { runServerProcess } from './server-process-runner';
import { exportToken, startExportServer, type ExportServer } from './testing/export-server';
import { startHealthServer } from './testing/health-server';

type Listener = (details: OnBeforeSendHeadersListenerDetails, callback: (response: BeforeSendResponse) => void) => void;

/** Electron's `session.webRequest`, as far as the secret header uses it: one listener, a filter, or none. */
function fakeWebRequest() {
  const state = { filter: null as WebRequestFilter | null, listener: null as Listener | null, calls: 0 };
  const webRequest: WebRequestLike = {
    onBeforeSendHeaders(...args: unknown[]) {
      state.calls += 1;
      const [filterOrListener, maybeListener] = args as [WebRequestFilter | Listener | null, Listener | null];
      if (args.length === 1) {
        state.filter = null;
        state.listener = filterOrListener as Listener | null;
      } else {
        state.filter = filterOrListener as WebRequestFilter;
        state.listener = maybeListener;
      }
    },
  };
  /** What Chromium would send for a page's request to `url`, headers as the page set them. */
  const send = (url: string, requestHeaders: Record<string, string> = {}): Record<string, string> => {
    const pattern = state.filter?.urls[0];
    // Electron's URL pattern `http://127.0.0.1:<port>/*`: the listener sees only those requests.
    const matches = pattern !== undefined && state.listener && url.startsWith(pattern.slice(0, -1));
    if (!matches) return requestHeaders;
    let sent: Record<string, string> = {};
    state.listener!(
      { url, method: 'GET', requestHeaders } as unknown as OnBeforeSendHeadersListenerDetails,
      (response) => (sent = response.requestHeaders as Record<string, string>),
    );
    return sent;
  };
  return { webRequest, state, send };
}

const embeddedUrl = 'http://127.0.0.1:50999';

describe('the secret header on the page’s requests', () => {
  it('is added to the embedded server’s origin only, through a filter naming exactly that origin', () => {
    const secret = newEmbeddedSecret();
    const fake = fakeWebRequest();
    const header = createEmbeddedSecretHeader(fake.webRequest, secret);
    // Nothing before the server listens.
    expect(fake.state.calls).toBe(0);

    header.serverAt(embeddedUrl);
    expect(fake.state.filter).toEqual({ urls: ['http://127.0.0.1:50999/*'] });
    expect(fake.send(`${embeddedUrl}/api/user?page=1`, { Authorization: 'Bearer t' })).toEqual({
      Authorization: 'Bearer t',
      [EMBEDDED_SECRET_HEADER]: secret,
    });

    // An office server, another local port, the same port under another name: never.
    for (const url of [
      'https://office.example:8787/api/user',
      'http://127.0.0.1:51000/api/user',
      'http://localhost:50999/api/user',
      'app://renderer/index.html',
    ]) {
      expect(fake.send(url, { accept: '*/*' }), url).toEqual({ accept: '*/*' });
    }
  });

  it('checks the origin again in the listener and drops a header of that name the page set', () => {
    const secret = newEmbeddedSecret();
    const fake = fakeWebRequest();
    createEmbeddedSecretHeader(fake.webRequest, secret).serverAt(embeddedUrl);
    let sent: Record<string, string> = {};
    // Were Chromium's pattern ever looser than its origin (a userinfo spelling), the listener still refuses.
    fake.state.listener!(
      {
        url: 'http://127.0.0.1:5099/x',
        requestHeaders: { 'X-Embedded-Secret': 'guess' },
      } as unknown as OnBeforeSendHeadersListenerDetails,
      (response) => (sent = response.requestHeaders as Record<string, string>),
    );
    expect(sent).toEqual({});
    expect(fake.send(`${embeddedUrl}/api/health`, { 'X-Embedded-Secret': 'guess' })).toEqual({
      [EMBEDDED_SECRET_HEADER]: secret,
    });
  });

  it('follows the server to a new port, and is removed when it stops', () => {
    const secret = newEmbeddedSecret();
    const fake = fakeWebRequest();
    const header = createEmbeddedSecretHeader(fake.webRequest, secret);
    header.serverAt(embeddedUrl);
    header.serverAt('http://127.0.0.1:51234');
    expect(fake.state.filter).toEqual({ urls: ['http://127.0.0.1:51234/*'] });
    expect(fake.send(`${embeddedUrl}/api/user`)).toEqual({});
    expect(fake.send('http://127.0.0.1:51234/api/user')).toEqual({ [EMBEDDED_SECRET_HEADER]: secret });
    expect(header.headersFor(`${embeddedUrl}/api/health`)).toEqual({});

    header.serverAt('');
    expect(fake.state.listener).toBeNull();
    expect(fake.state.filter).toBeNull();
    expect(header.headersFor('http://127.0.0.1:51234/api/health')).toEqual({});
  });
});

describe('main’s own requests to the embedded server', () => {
  let exportServer: ExportServer;
  let dir: string;
  beforeAll(async () => {
    exportServer = await startExportServer();
    dir = mkdtempSync(join(tmpdir(), 'secret-downloads-'));
  });
  afterAll(async () => {
    await exportServer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carry the secret on an export download from the embedded server, not from an office server', async () => {
    const secret = newEmbeddedSecret();
    const header = createEmbeddedSecretHeader(fakeWebRequest().webRequest, secret);
    const sentHeaders: Record<string, string>[] = [];
    const downloads = createDownloads({
      apiBase: () => exportServer.url,
      token: async () => exportToken,
      folder: () => dir,
      defaultFolder: () => dir,
      openPath: async () => '',
      showItemInFolder: () => undefined,
      extraHeaders: (url) => header.headersFor(url),
      fetch: (url, init) => {
        sentHeaders.push({ ...(init?.headers as Record<string, string>) });
        return fetch(url, init);
      },
    });
    const request = { url: '/storage/exports/2026/11/a.xlsx', suggestedName: '导出.xlsx' };

    header.serverAt(exportServer.url); // the export server plays the embedded one
    await downloads.downloadExport({ ...request, downloadId: 'e1' });
    header.serverAt('http://127.0.0.1:1'); // now the embedded server is elsewhere: this is an office server
    await downloads.downloadExport({ ...request, downloadId: 'e2' });

    expect(sentHeaders[0]).toMatchObject({ [EMBEDDED_SECRET_HEADER]: secret, authorization: `Bearer ${exportToken}` });
    expect(sentHeaders[1]).not.toHaveProperty(EMBEDDED_SECRET_HEADER);
    expect(sentHeaders[1]).toMatchObject({ authorization: `Bearer ${exportToken}` });
  });

  it('carry the secret on the connection test of the embedded address only', async () => {
    const health = await startHealthServer();
    try {
      const secret = newEmbeddedSecret();
      const header = createEmbeddedSecretHeader(fakeWebRequest().webRequest, secret);
      const seen: Record<string, string>[] = [];
      const recording: typeof fetch = (url, init) => {
        seen.push({ ...(init?.headers as Record<string, string>) });
        return fetch(url, init);
      };
      header.serverAt(health.url);
      await testServer(health.url, { fetch: recording, extraHeaders: (url) => header.headersFor(url) });
      header.serverAt('');
      await testServer(health.url, { fetch: recording, extraHeaders: (url) => header.headersFor(url) });
      expect(seen[0]).toMatchObject({ [EMBEDDED_SECRET_HEADER]: secret });
      expect(seen[1]).not.toHaveProperty(EMBEDDED_SECRET_HEADER);
    } finally {
      await health.close();
    }
  });
});

describe('the server process', () => {
  it('reads the secret into its config and leaves it out of its environment', async () => {
    const env: Record<string, string | undefined> = { EMBEDDED_SECRET: 'a'.repeat(43), TZ: 'Asia/Shanghai' };
    const configs: unknown[] = [];
    const posted: unknown[] = [];
    await runServerProcess({
      parentPort: { postMessage: (message) => posted.push(message), on: () => undefined },
      env,
      cwd: '/',
      parseConfig: (given) => ({ secret: given.EMBEDDED_SECRET }),
      startServer: async (config) => {
        configs.push(config);
        return { url: embeddedUrl, close: async () => undefined };
      },
      exit: () => undefined,
    });
    expect(configs).toEqual([{ secret: 'a'.repeat(43) }]);
    expect(env).toEqual({ TZ: 'Asia/Shanghai' });
    expect(posted).toEqual([{ type: 'ready', url: embeddedUrl }]);
  });
});
