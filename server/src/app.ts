import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { registerUpdateFeed } from './plugins/update-feed';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../package.json';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import { createDatabase } from './db/database';
import { customerRoutes } from './modules/customer/customer.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deadlineRoutes } from './modules/deadline/deadline.routes';
import { downloadsRoutes } from './modules/filed/downloads.routes';
import { fileNamesRoutes } from './modules/upload/file-names.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { overseasRoutes } from './modules/overseas/overseas.routes';
import { pickupRoutes } from './modules/pickup/pickup.routes';
import { purchaseRoutes } from './modules/purchase/purchase.routes';
import { releasePassRoutes } from './modules/release/release-pass.routes';
import { exportsRoutes } from './modules/release/exports.routes';
import { filedRoutes } from './modules/filed/filed.routes';
import { profitRoutes } from './modules/profit/profit.routes';
import { historyRoutes } from './platform/history/history.routes';
import { registerBackup } from './platform/backup/backup.routes';
import { procedureRoutes } from './modules/filed/query-list.routes';
import { reportRoutes } from './modules/filed/period-report.routes';
import { procedureReadRoutes } from './modules/filed/business-info.routes';
import { registryRoutes } from './modules/registry/registry.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { vehicleRoutes } from './modules/vehicle/vehicle.routes';
import { vehicleFileRoutes } from './modules/vehicle/vehicle-file.routes';
import { vinCorrectionRoutes } from './modules/vin-correction/vin-correction.routes';
import { searchRoutes } from './modules/search/search.routes';
import { createJobRunner } from './platform/jobs/job-runner';
import { createStorage } from './platform/storage/storage';
import { storageJobs } from './platform/storage/storage-jobs';
import { markRoutesPublic, registerAuth } from './plugins/auth';
import { handleClientError, handleFrameworkError, registerErrorHandling } from './plugins/errors';
import { registerFloodGuard } from './plugins/flood-guard';
import { registerFormBody } from './plugins/form-body';
import { registerInputGuard } from './plugins/input-guard';
import { registerRouteCatalog } from './plugins/route-catalog';
import { registerSecurity } from './plugins/security';
import { type BoundedLogStream, boundedLogStream, OneLineRequestLog } from './request-log';

export interface BuildAppOptions {
  /** Fastify's pino logger: `false` in tests, options (level, file) from the command line. */
  logger?: FastifyServerOptions['logger'];
  /** How the host restarts this server for a restore from the page (platform/backup); none: no restore there. */
  restart?: () => void;
  /** The backups' clock (tests give fake dates). */
  backupNow?: () => Date;
}

export const APP_VERSION: string = packageJson.version;

/** Fastify's type for the HTTPS flavour differs only in the raw server; the routes see the same API. */
const createFastify = (config: AppConfig, options: BuildAppOptions, log: BoundedLogStream): FastifyInstance => {
  const common = {
    logger: options.logger ?? { level: 'info', stream: log },
    // One line per request instead of Fastify's two (request-log.ts).
    logController: new OneLineRequestLog(),
    // A random id per request: logs of several server instances never mix up their requests.
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    // Answers made before any route runs speak the envelope too (plugins/errors.ts).
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // X-Forwarded-For names the client only when the connection comes from a listed proxy (TRUST_PROXY);
    // otherwise anyone could pick the address the login throttle counts.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  };
  if (!config.tls) return Fastify(common);
  const https = { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) };
  return Fastify({ ...common, https }) as unknown as FastifyInstance;
};

/**
 * Serves the built renderer (WEB_DIR). Its files are public: they hold no data, and the page must load
 * before anyone logs in. The static plugin sits in a context of its own so that only its routes are
 * marked public.
 */
const registerWeb = async (app: FastifyInstance, webDir: string) => {
  await app.register(async (web) => {
    markRoutesPublic(web);
    await web.register(fastifyStatic, {
      root: webDir,
      // One route per built file, found at start: no catch-all route that would shadow the API's 404.
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite puts a content hash in every asset name; the page itself must always be fetched afresh.
        const isHashedAsset = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
};

/** The page for client-side routes (a reload of `/overseas/list`): index.html, read once at start. */
const pageFallback = (webDir: string) => {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`WEB_DIR 中没有 index.html：${webDir}`);
  const page = readFileSync(indexFile);
  return (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
};

/**
 * The whole REST server, ready for `inject` or `listen`. It opens the database named by the config
 * (lazily) and closes it when the app closes; it does not migrate (main.ts does, before listening).
 */
export const buildApp = async (config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> => {
  // Zod's own messages (a rule without a message of ours) in Chinese.
  z.config(z.locales.zhCN());

  const log = boundedLogStream();
  const app = createFastify(config, options, log);
  registerRouteCatalog(app);
  const db = createDatabase(config.database);
  const storage = createStorage(config.storageDir, { timeZone: config.timeZone });
  const jobs = createJobRunner({ db, log: app.log });
  for (const job of storageJobs(storage)) jobs.add(job);
  const ctx: AppContext = { db, config, storage, jobs, version: APP_VERSION };
  app.decorate('ctx', ctx);
  // Once ready: the schema is migrated by then (main.ts and the tests migrate before ready). Ready waits
  // for the runs at start to take their leases, not for their work.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    // Runs in progress finish before the database goes.
    await jobs.stop();
    await db.destroy();
    log.flushSync();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerFormBody(app);

  const webDir = config.webDir;
  registerErrorHandling(app, { spaFallback: webDir ? pageFallback(webDir) : undefined });
  // Headers first, so that the auth hook's 401 and 403 carry them too; the embedded lock sits in there.
  await registerSecurity(app, config);
  // The embedded server's one client is the clerk: no flood guard there.
  if (config.embeddedSecret === null && config.rateLimitPerMinute > 0) {
    await registerFloodGuard(app, config.rateLimitPerMinute);
  }
  registerAuth(app);
  registerInputGuard(app);

  await app.register(authRoutes);
  await app.register(staffRoutes);
  await app.register(dashboardRoutes);
  await app.register(deadlineRoutes);
  await app.register(uploadRoutes);
  await app.register(fileNamesRoutes);
  await app.register(customerRoutes);
  await app.register(overseasRoutes);
  await app.register(purchaseRoutes);
  await app.register(pickupRoutes);
  await app.register(releasePassRoutes);
  await app.register(exportsRoutes);
  await app.register(filedRoutes);
  await app.register(profitRoutes);
  await app.register(procedureRoutes);
  await app.register(reportRoutes);
  await app.register(procedureReadRoutes);
  await app.register(registryRoutes);
  await app.register(vehicleRoutes);
  await app.register(vehicleFileRoutes);
  await app.register(vinCorrectionRoutes);
  await app.register(searchRoutes);
  await app.register(downloadsRoutes);
  await app.register(historyRoutes);
  await registerBackup(app, { restart: options.restart, now: options.backupNow });

  if (config.updatesDir) await registerUpdateFeed(app, config.updatesDir);
  if (webDir) await registerWeb(app, webDir);
  return app;
};
