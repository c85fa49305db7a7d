import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registryEndpoints as endpoints, registryMessages } from '../../../../contract/registry';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as registry from './registry.service';

/**
 * The registry: plating, transfer of ownership and the hand-over to release and export (API.md, Cars:
 * plateLists … transferHandOver). The car-area actions answer 200, as spec part 2 says, even on create.
 */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.plateList, async (request) => ok(await registry.listRegistry(app.ctx, request.query)));
  route(app, endpoints.transferList, async (request) => ok(await registry.listRegistry(app.ctx, request.query)));

  route(app, endpoints.plateRead, async (request) => ok(await registry.getPlate(app.ctx, request.query.plateId)));
  route(app, endpoints.plateAdd, async (request) =>
    ok(await registry.addPlate(app.ctx, request.body, actorOf(request)), registryMessages.created),
  );
  route(app, endpoints.plateEdit, async (request) =>
    ok(await registry.editPlate(app.ctx, request.body, actorOf(request)), registryMessages.updated),
  );

  route(app, endpoints.transferRead, async (request) =>
    ok(await registry.getTransfer(app.ctx, request.query.transferId)),
  );
  route(app, endpoints.transferAdd, async (request) =>
    ok(await registry.addTransfer(app.ctx, request.body, actorOf(request)), registryMessages.created),
  );
  route(app, endpoints.transferEdit, async (request) =>
    ok(await registry.editTransfer(app.ctx, request.body, actorOf(request)), registryMessages.updated),
  );

  route(app, endpoints.handOver, async (request) =>
    ok(
      await registry.handOverRegistry(
        app.ctx,
        { purchaseIds: request.body.purchase_id ?? [], orderId: request.body.order_id },
        actorOf(request),
      ),
      registryMessages.handOverDone,
    ),
  );
};
