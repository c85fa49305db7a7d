import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadsEndpoints as endpoints } from '../../../../contract/filed-downloads';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { downloadContract } from './downloads.service';

/** The finished contract's document zip (API.md, Cars: downloads), registered from the contract's description. */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.download, async (request) => ok(await downloadContract(app.ctx, request.query.orderId)));
};
