import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import type { PasswordHashCost } from '../../config';

/**
 * Passwords at rest: scrypt of what the client sends (md5(md5(password)) in hex, which is wire
 * compatibility, not security), with a random salt per hash. The stored form names its parameters
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a hash made with other parameters still verifies.
 */

export interface ScryptParameters {
  /** log2 of the cost N. */
  logN: number;
  r: number;
  p: number;
}

/** ASVS strength (N=2^17, r=8, p=1: about 0.4 s and 128 MiB here); `test` only for test suites. */
export const SCRYPT_PARAMETERS: Record<PasswordHashCost, ScryptParameters> = {
  production: { logN: 17, r: 8, p: 1 },
  test: { logN: 10, r: 8, p: 1 },
};

/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is too small for N=2^17, so allow twice that. */
export const scryptMaxmem = ({ logN, r }: ScryptParameters): number =>
  Math.max(2 * 128 * 2 ** logN * r, 32 * 1024 * 1024);

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const derive = (password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> => {
  const options: ScryptOptions = {
    N: 2 ** parameters.logN,
    r: parameters.r,
    p: parameters.p,
    maxmem: scryptMaxmem(parameters),
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

export const hashPassword = async (password: string, cost: PasswordHashCost): Promise<string> => {
  const parameters = SCRYPT_PARAMETERS[cost];
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, parameters);
  const { logN, r, p } = parameters;
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
};

export const parseStoredHash = (stored: string): (ScryptParameters & { salt: Buffer; key: Buffer }) | null => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { logN, r, p, salt: Buffer.from(parts[4] ?? '', 'base64'), key: Buffer.from(parts[5] ?? '', 'base64') };
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parseStoredHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed);
  return timingSafeEqual(key, parsed.key);
};

/**
 * What an unknown account is checked against: the configured cost's parameters, a random salt and a
 * random key that no password derives. Checking against it costs exactly what a real check costs, so
 * the answer's timing does not tell which usernames exist, and making it costs no hash.
 */
const decoyFor = (cost: PasswordHashCost): string => {
  const { logN, r, p } = SCRYPT_PARAMETERS[cost];
  const salt = randomBytes(SALT_LENGTH).toString('base64');
  return ['scrypt', logN, r, p, salt, randomBytes(KEY_LENGTH).toString('base64')].join('$');
};

export const verifyAgainstDecoy = async (password: string, cost: PasswordHashCost): Promise<false> => {
  await verifyPassword(password, decoyFor(cost));
  return false;
};
