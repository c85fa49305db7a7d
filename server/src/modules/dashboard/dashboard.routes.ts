import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints } from '../../../../contract/dashboard';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { dashboardCounts, procedureStatistics } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, dashboardEndpoints.counts, async () => ok(await dashboardCounts(app.ctx)));
  route(app, dashboardEndpoints.procedureStatistics, async () => ok(await procedureStatistics(app.ctx)));
};
