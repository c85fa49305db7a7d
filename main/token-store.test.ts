import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeSafeStorage } from './testing/fake-safe-storage';
import { createTokenStore, tokenMessages, tokenStoreKey } from './token-store';

// electron-store is Conf with Electron's user data folder as `cwd`; without the binary, Conf is opened on a
// temporary folder directly (vi.mock cannot reach electron-store's own import of 'electron').
const userData = { dir: '' };

const token = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

describe('token store', () => {
  beforeEach(() => {
    userData.dir = mkdtempSync(join(tmpdir(), 'token-store-'));
  });
  afterEach(() => rmSync(userData.dir, { recursive: true, force: true }));

  const openFile = () =>
    new Conf<Record<string, unknown>>({ cwd: userData.dir, configName: 'session', projectName: 'test' });
  const fileText = () => readFileSync(join(userData.dir, 'session.json'), 'utf8');

  it('saves the token encrypted, as base64 ciphertext, and reads it back after a restart', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    const tokens = createTokenStore({ safeStorage, store: openFile(), platform: 'linux' });
    expect(await tokens.set(token)).toEqual({ stored: 'encrypted' });

    const saved = JSON.parse(fileText())[tokenStoreKey] as string;
    expect(saved).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(fileText()).not.toContain(token);

    // A new store on the same file (the app started again) decrypts it.
    const again = createTokenStore({ safeStorage, store: openFile(), platform: 'linux' });
    expect(await again.get()).toBe(token);
    expect(safeStorage.calls).toEqual(['encrypt', 'decrypt']);

    await again.clear();
    expect(await again.get()).toBeNull();
    expect(JSON.parse(fileText())[tokenStoreKey]).toBeUndefined();
  });

  it('uses DPAPI on Windows without asking for a Linux backend', async () => {
    const safeStorage = { ...fakeSafeStorage('unknown'), getSelectedStorageBackend: undefined };
    const tokens = createTokenStore({ safeStorage, store: openFile(), platform: 'win32' });
    expect(await tokens.set(token)).toEqual({ stored: 'encrypted' });
    expect(fileText()).not.toContain(token);
  });

  it.each(['basic_text', 'unknown'])(
    'keeps the token in memory only when the Linux backend is %s, and says why',
    async (backend) => {
      const safeStorage = fakeSafeStorage(backend);
      const store = openFile();
      const tokens = createTokenStore({ safeStorage, store, platform: 'linux' });
      expect(await tokens.set(token)).toEqual({ stored: 'memory', reason: tokenMessages.noKeyring });
      expect(await tokens.get()).toBe(token);
      expect(safeStorage.calls).toEqual([]);
      // Nothing on disk: neither the token nor a "ciphertext" made with basic_text's fixed key.
      expect(store.get(tokenStoreKey)).toBeUndefined();
      expect(JSON.stringify(store.store)).not.toContain(token);

      // Gone at quit: a new process has nothing.
      const afterRestart = createTokenStore({ safeStorage, store: openFile(), platform: 'linux' });
      expect(await afterRestart.get()).toBeNull();
    },
  );

  it('keeps the token in memory only when encryption is unavailable at all', async () => {
    const tokens = createTokenStore({
      safeStorage: fakeSafeStorage('kwallet5', false),
      store: openFile(),
      platform: 'darwin',
    });
    expect(await tokens.set(token)).toEqual({ stored: 'memory', reason: tokenMessages.noEncryption });
    expect(await tokens.get()).toBe(token);
    await tokens.clear();
    expect(await tokens.get()).toBeNull();
  });

  it('forgets a ciphertext it cannot decrypt (a profile copied from another machine)', async () => {
    writeFileSync(join(userData.dir, 'session.json'), JSON.stringify({ [tokenStoreKey]: 'bm90LW91cnM=' }));
    const store = openFile();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage('gnome_libsecret'), store, platform: 'linux' });
    expect(await tokens.get()).toBeNull();
    expect(store.get(tokenStoreKey)).toBeUndefined();
  });

  it('drops an older encrypted token when it falls back to memory', async () => {
    const store = openFile();
    await createTokenStore({ safeStorage: fakeSafeStorage('kwallet6'), store, platform: 'linux' }).set('old-token');
    expect(store.get(tokenStoreKey)).toBeTypeOf('string');
    const memoryOnly = createTokenStore({ safeStorage: fakeSafeStorage('basic_text'), store, platform: 'linux' });
    await memoryOnly.set(token);
    expect(store.get(tokenStoreKey)).toBeUndefined();
  });
});
