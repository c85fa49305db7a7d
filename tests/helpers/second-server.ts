import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import type { TestApp } from './build-app';

/**
 * A second server process's view of the same database and storage folder as `first`: its own app, its
 * own connection pool and its own memory (session cache, hashing queue), as an office running two
 * server instances behind one address would have. Closing it leaves the database to `first`.
 */
export const buildSecondServer = async (first: TestApp): Promise<FastifyInstance> => {
  const app = await buildApp(first.config, { logger: false });
  await app.ready();
  return app;
};
