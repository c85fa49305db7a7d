import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { procedureEndpoints as endpoints } from '../../../../contract/filed-query-list';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { listProcedures } from './query-list.service';

/** The archive query (API.md, Cars: procedureLists), registered from the contract's description. */
export const procedureRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await listProcedures(app.ctx, request.query)));
};
