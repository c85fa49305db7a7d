import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPath } from '../../../../contract/dashboard';
import { ok } from '../../envelope';
import { dashboardCounts } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(dashboardPath, async () => ok(await dashboardCounts(app.ctx)));
};
