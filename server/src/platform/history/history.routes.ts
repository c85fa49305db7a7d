import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyEndpoints as endpoints } from '../../../../contract/history';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { listHistory } from './list-history';

/** GET /api/history (API.md "Beyond the seeds"): any logged-in user reads it, as every route without `public`. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await listHistory(app.ctx, request.query)));
};
