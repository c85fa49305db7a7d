import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints as endpoints } from '../../../../contract/search';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { search } from './search.service';

/** The one search box (API.md "Beyond the seeds", `GET /api/search`). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.search, async (request) => ok(await search(app.ctx, request.query)));
};
