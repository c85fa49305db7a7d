import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../server/src/app';
import { type AppConfig, type Env, parseConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { createTestDatabase, type TestDbKind } from './test-database';

/**
 * The server as the tests meet it: the real app on a fresh, migrated database of the matrix
 * (TEST_DB), with a temporary storage folder and the cheap password-hash setting. Requests go through
 * `app.inject`, the whole HTTP pipeline without a socket.
 */

export interface TestApp {
  app: FastifyInstance;
  /** The app's own database handle, for arranging and inspecting rows. */
  db: Db;
  config: AppConfig;
  dbKind: TestDbKind;
  storageDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment (CORS_ORIGINS, WEB_DIR, …) on top of the test defaults. */
  env?: Env;
  logger?: FastifyServerOptions['logger'];
  /**
   * Lets a test add its own routes before the app is ready (a route that throws, say); such routes
   * exist only in that test, never in the app.
   */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const testDb = await createTestDatabase();
  const storageDir = join(testDb.dir, 'storage');
  const config = parseConfig(
    { DATABASE_URL: testDb.url, STORAGE_DIR: storageDir, PASSWORD_HASH_COST: 'test', ...options.env },
    testDb.dir,
  );
  const app = await buildApp(config, { logger: options.logger ?? false });
  try {
    await migrateToLatest(app.ctx.db);
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await app.close();
    await testDb.cleanup();
    throw error;
  }
  return {
    app,
    db: app.ctx.db,
    config,
    dbKind: testDb.kind,
    storageDir,
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
};
