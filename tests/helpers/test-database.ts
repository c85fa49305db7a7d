import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type DatabaseConfig, parseDatabaseUrl } from '../../server/src/config';
import { createDatabase } from '../../server/src/db/database';

/**
 * The database matrix of the server suite. `TEST_DB=sqlite` (the default): a fresh SQLite file in a
 * temporary folder for each call. `TEST_DB=postgres`: the database at TEST_DATABASE_URL, emptied by
 * dropping and recreating its `public` schema; test files run one after another (vitest.config.ts), so
 * no two of them share it at the same time.
 */

export type TestDbKind = 'sqlite' | 'postgres';

export const testDbKind = (): TestDbKind => {
  const kind = process.env.TEST_DB ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`TEST_DB must be sqlite or postgres, not ${kind}`);
  return kind;
};

export interface TestDatabase {
  kind: TestDbKind;
  /** What DATABASE_URL would say. */
  url: string;
  config: DatabaseConfig;
  /** A temporary folder removed by `cleanup` (the SQLite file lives in it; storage may too). */
  dir: string;
  cleanup(): Promise<void>;
}

const resetPostgres = async (config: DatabaseConfig) => {
  const db = createDatabase(config);
  try {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  } finally {
    await db.destroy();
  }
};

export const createTestDatabase = async (): Promise<TestDatabase> => {
  const dir = await mkdtemp(join(tmpdir(), 'vehicle-export-test-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  if (testDbKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const config = parseDatabaseUrl(url, dir);
    await resetPostgres(config);
    return { kind: 'postgres', url, config, dir, cleanup };
  }
  const url = `sqlite:${join(dir, 'app.db')}`;
  return { kind: 'sqlite', url, config: parseDatabaseUrl(url, dir), dir, cleanup };
};
