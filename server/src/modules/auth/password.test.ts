import { describe, expect, it } from 'vitest';
import { md5md5 } from '../../../../tests/helpers/factories';
import { hashPassword, parseStoredHash, SCRYPT_PARAMETERS, scryptMaxmem, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 with 256 MiB of memory in production', async () => {
    expect(SCRYPT_PARAMETERS.production).toEqual({ logN: 17, r: 8, p: 1 });
    expect(scryptMaxmem(SCRYPT_PARAMETERS.production)).toBe(256 * 1024 * 1024);
    const stored = await hashPassword(md5md5('Secret-123'), 'production');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword(md5md5('Secret-123'), stored)).toBe(true);
    expect(await verifyPassword(md5md5('Secret-124'), stored)).toBe(false);
  });

  it('salts every hash and verifies by the parameters stored with it', async () => {
    const wire = md5md5('Secret-123');
    const first = await hashPassword(wire, 'test');
    const second = await hashPassword(wire, 'test');
    expect(first).not.toBe(second);
    expect(parseStoredHash(first)).toMatchObject({ logN: 10, r: 8, p: 1 });
    expect(await verifyPassword(wire, first)).toBe(true);
    expect(await verifyPassword(wire, second)).toBe(true);
  });

  it('refuses corrupted or foreign hashes instead of throwing', async () => {
    const wire = md5md5('Secret-123');
    for (const stored of [
      '',
      'plain',
      '$2b$10$abcdefghijklmnopqrstuv',
      'scrypt$40$8$1$AAAA$AAAA',
      'scrypt$10$8$1$AAAA$AAAA',
    ]) {
      expect(await verifyPassword(wire, stored)).toBe(false);
    }
  });
});
