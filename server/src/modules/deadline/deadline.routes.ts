import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deadlineEndpoints as endpoints, deadlineMessages } from '../../../../contract/deadline';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { useDeadlineTimeZone } from '../../lifecycle/deadline-clock';
import { actorOf } from '../../plugins/auth';
import { exportDeadlines, listDeadlines, listRules, saveRule } from './deadline.service';

/**
 * Deadlines (API.md "Beyond the seeds"). Every account is an administrator in this version (DOMAIN.md),
 * so the rules are kept by any signed-in account, as the other settings are.
 */
export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  // The clocks' days are days of the server's zone; the lifecycle's writes read it from here.
  useDeadlineTimeZone(app.ctx.config.timeZone);

  route(app, endpoints.rules, async () => ok(await listRules(app.ctx)));
  route(app, endpoints.saveRule, async (request) =>
    ok(await saveRule(app.ctx, request.params.key, request.body, actorOf(request)), deadlineMessages.saved),
  );
  route(app, endpoints.list, async (request) => ok(await listDeadlines(app.ctx, request.query)));
  route(app, endpoints.export, async (request) => ok(await exportDeadlines(app.ctx, request.query)));
};
