import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { JobRunner } from './platform/jobs/job-runner';
import type { Storage } from './platform/storage/storage';

/** What services need from the running server; decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** Stored files (uploads, exports), built once per app over STORAGE_DIR (platform/storage). */
  storage: Storage;
  /** Timed work, each job on one server of the office at a time (platform/jobs); started when the app is ready. */
  jobs: JobRunner;
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
