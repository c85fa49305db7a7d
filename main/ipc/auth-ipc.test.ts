import Conf from 'conf';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopChannels } from '../../contract/desktop-api';
import { fakeSafeStorage } from '../testing/fake-safe-storage';
import { foreignSenders, fromApp, fromDevServer } from '../testing/ipc-events';
import { createTokenStore, tokenMessages } from '../token-store';
import { authIpcHandlers } from './auth-ipc';
import { appSenderCheck, ipcMessages, type GuardedHandler } from './ipc-guard';

const token = 'tok_0123456789abcdef0123456789abcdef';

describe('auth IPC (token)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-ipc-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = (backend = 'gnome_libsecret') => {
    const store = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'session', projectName: 'test' });
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(backend), store, platform: 'linux' });
    const handlers = authIpcHandlers({ isTrusted: appSenderCheck('http://localhost:5173/'), tokens });
    const handler = (channel: string) => handlers[channel as keyof typeof handlers] as GuardedHandler;
    return {
      get: handler(desktopChannels.tokenGet),
      set: handler(desktopChannels.tokenSet),
      clear: handler(desktopChannels.tokenClear),
      fileText: () => (existsSync(join(dir, 'session.json')) ? readFileSync(join(dir, 'session.json'), 'utf8') : ''),
    };
  };

  it('sets, gets and clears the token, encrypted on disk', async () => {
    const ipc = setUp();
    expect(await ipc.get(fromApp)).toBeNull();
    expect(await ipc.set(fromApp, token)).toEqual({ stored: 'encrypted' });
    expect(ipc.fileText()).not.toContain(token);
    expect(await ipc.get(fromApp)).toBe(token);
    await ipc.clear(fromApp);
    expect(await ipc.get(fromApp)).toBeNull();
  });

  it('accepts the vite dev server while developing', async () => {
    const ipc = setUp();
    expect(await ipc.set(fromDevServer, token)).toEqual({ stored: 'encrypted' });
  });

  it('answers memory-only with the reason when Linux has no keyring, and writes nothing', async () => {
    const ipc = setUp('basic_text');
    expect(await ipc.set(fromApp, token)).toEqual({ stored: 'memory', reason: tokenMessages.noKeyring });
    expect(await ipc.get(fromApp)).toBe(token);
    expect(ipc.fileText()).not.toContain(token);
    expect(ipc.fileText()).not.toContain('tokenCiphertext');
  });

  it.each(foreignSenders)('refuses %s', async (_label, event) => {
    const ipc = setUp();
    await ipc.set(fromApp, token);
    await expect(ipc.get(event)).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.set(event, 'stolen')).rejects.toThrow(ipcMessages.untrustedSender);
    await expect(ipc.clear(event)).rejects.toThrow(ipcMessages.untrustedSender);
    expect(await ipc.get(fromApp)).toBe(token);
  });

  it.each([
    ['no token', []],
    ['an empty token', ['']],
    ['a number', [42]],
    ['an object', [{ token }]],
    ['a token with a line break', ['abc\ndef']],
    ['a token that is far too long', ['x'.repeat(5000)]],
    ['an extra argument', [token, 'extra']],
  ])('refuses %s in Chinese', async (_label, args) => {
    const ipc = setUp();
    const refusal = ipc.set(fromApp, ...args);
    await expect(refusal).rejects.toThrow(/^请求参数不正确/);
    await expect(refusal).rejects.toThrow(/[\u4e00-\u9fff]/);
    expect(await ipc.get(fromApp)).toBeNull();
  });

  it('refuses arguments to get and clear', async () => {
    const ipc = setUp();
    await expect(ipc.get(fromApp, 'x')).rejects.toThrow(/^请求参数不正确/);
    await expect(ipc.clear(fromApp, 'x')).rejects.toThrow(/^请求参数不正确/);
  });
});
