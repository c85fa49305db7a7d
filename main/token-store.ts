import type { TokenSaveResult } from '../contract/desktop-api';

/** The part of Electron's `safeStorage` the store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The part of electron-store the store uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export const tokenStoreKey = 'tokenCiphertext';

export const tokenMessages = {
  noKeyring:
    '系统没有可用的密钥环（如 GNOME Keyring 或 KWallet），登录凭证不能加密保存，只保存在内存中：关闭应用后需要重新登录',
  noEncryption: '系统加密服务不可用，登录凭证不能加密保存，只保存在内存中：关闭应用后需要重新登录',
} as const;

export interface TokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<TokenSaveResult>;
  clear(): Promise<void>;
}

export interface TokenStoreDeps {
  safeStorage: SafeStorageLike;
  store: KeyValueStore;
  platform: NodeJS.Platform;
}

/**
 * Why the token may not be written to disk now, or null when a real encryption backend is there. On Linux
 * without a keyring Electron falls back to `basic_text` (a fixed, public key) and reports `unknown` before
 * the app is ready: neither is encryption. Create the store after `app.whenReady()`.
 */
export function encryptionUnavailableReason(safeStorage: SafeStorageLike, platform: NodeJS.Platform): string | null {
  if (!safeStorage.isEncryptionAvailable()) return tokenMessages.noEncryption;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') return tokenMessages.noKeyring;
  }
  return null;
}

/**
 * The session token, encrypted with the operating system's key (DPAPI on Windows) and saved as base64
 * ciphertext; where no real encryption exists it lives in memory only. Never written in plain text.
 */
export function createTokenStore({ safeStorage, store, platform }: TokenStoreDeps): TokenStore {
  let inMemory: string | null = null;

  return {
    async get() {
      if (inMemory !== null) return inMemory;
      const saved = store.get(tokenStoreKey);
      if (typeof saved !== 'string' || saved === '') return null;
      if (encryptionUnavailableReason(safeStorage, platform)) return null;
      try {
        return safeStorage.decryptString(Buffer.from(saved, 'base64'));
      } catch {
        // Encrypted by another user or machine key (a copied profile): useless, so forget it.
        store.delete(tokenStoreKey);
        return null;
      }
    },
    async set(token) {
      const reason = encryptionUnavailableReason(safeStorage, platform);
      if (reason) {
        inMemory = token;
        store.delete(tokenStoreKey);
        return { stored: 'memory', reason };
      }
      store.set(tokenStoreKey, safeStorage.encryptString(token).toString('base64'));
      inMemory = null;
      return { stored: 'encrypted' };
    },
    async clear() {
      inMemory = null;
      store.delete(tokenStoreKey);
    },
  };
}
