import type { FastifyInstance } from 'fastify';
import { backupEndpoints as endpoints, backupMessages } from '../../../../contract/backup';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { forbidden, notFound } from '../../http-errors';
import { createBackupService, type BackupService } from './backup.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups of a SQLite database and its files (platform/backup). */
    backup: BackupService;
  }
}

export interface BackupRouteOptions {
  /** How the host restarts this server for a restore (main.ts serve, the desktop's embedded server). */
  restart?: () => void;
  now?: () => Date;
  idleMs?: number;
}

/**
 * The backup service, its daily job and its endpoints (contract/backup.ts). Every account is an
 * administrator in this version (DOMAIN.md: the single role `admin`), as for the other settings; the
 * role is checked all the same, so a later role without it is refused.
 */
export const registerBackup = async (app: FastifyInstance, options: BackupRouteOptions = {}) => {
  const service = createBackupService({
    config: app.ctx.config,
    storage: app.ctx.storage,
    log: app.log,
    restart: options.restart,
    now: options.now,
    idleMs: options.idleMs,
  });
  app.decorate('backup', service);
  app.ctx.jobs.add(service.job());
  // At the root: every request counts for "idle", not only these routes.
  app.addHook('onRequest', async () => service.requestStarted());
  app.addHook('onResponse', async () => service.requestEnded());
  // Before app.ts's onClose stops the jobs and waits for them.
  app.addHook('preClose', async () => service.close());

  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      if (!request.user?.roles.includes('admin')) throw forbidden();
    });

    route(scope, endpoints.status, async () => ok(await service.status()));
    route(scope, endpoints.list, async () => ok({ data: await service.list() }));
    route(scope, endpoints.run, async () => ok(service.start('manual'), backupMessages.started));
    route(scope, endpoints.progress, async (request) => {
      const run = service.progress(request.params.id);
      if (!run) throw notFound(backupMessages.runNotFound);
      return ok(run);
    });
    route(scope, endpoints.restore, async (request, reply) => {
      const answer = await service.requestRestore(request.body.name, request.user.id);
      // Once the answer has left: the page learns what happens before the server goes away.
      reply.raw.once('finish', () => service.restartNow());
      return ok(answer, backupMessages.restoring);
    });
  });
};
