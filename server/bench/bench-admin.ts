import { createHash } from 'node:crypto';

/** The bench's administrator: seed-rows.ts writes it, the bench's clients log in with it. */
export const BENCH_ADMIN = { username: 'bench_admin', password: 'Bench-Passw0rd' } as const;

export const md5md5 = (password: string): string => {
  const once = createHash('md5').update(password, 'utf8').digest('hex');
  return createHash('md5').update(once, 'utf8').digest('hex');
};
