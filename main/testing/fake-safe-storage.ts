import type { SafeStorageLike } from '../token-store';

/**
 * A stand-in for Electron's `safeStorage` (the binary is not on these machines). Its "encryption" is a
 * reversible byte scramble with a marker, enough to prove the store never writes what it was given.
 */
export function fakeSafeStorage(backend: string, available = true): SafeStorageLike & { calls: string[] } {
  const calls: string[] = [];
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    calls,
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(plainText) {
      calls.push('encrypt');
      return Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(plainText, 'utf8'))]);
    },
    decryptString(encrypted) {
      calls.push('decrypt');
      if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext');
      return scramble(encrypted.subarray(3)).toString('utf8');
    },
  };
}
