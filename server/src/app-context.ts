import type { AppConfig } from './config';
import type { Db } from './db/database';

/** What services need from the running server; decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** The application's version (package.json), shown by GET /api/health. */
  version: string;
}

/** Who performs a write, for the audit log. */
export interface Actor {
  /** Null when nobody is logged in (first-run setup, login). */
  userId: number | null;
  ip: string | null;
  requestId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
