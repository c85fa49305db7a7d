import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { procedureReadEndpoints as endpoints } from '../../../../contract/filed-business-info';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { purchaseListsOfOrder, readProcedure } from './business-info.service';

/** The business information page's reads (API.md, Cars: procedureRead, getPurchaseLists). */
export const procedureReadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.read, async (request) => ok(await readProcedure(app.ctx, request.query.procedureId)));
  route(app, endpoints.purchaseLists, async (request) =>
    ok(await purchaseListsOfOrder(app.ctx, request.query.order_id)),
  );
};
