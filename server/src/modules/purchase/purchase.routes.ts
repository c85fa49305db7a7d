import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseEndpoints as endpoints, purchaseMessages } from '../../../../contract/purchase';
import { route } from '../../endpoint-route';
import { created, noContent, ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { exportPurchases } from './purchase-export.service';
import * as purchaseReads from './purchase-read.service';
import * as remits from './purchase-remit.service';
import * as purchases from './purchase.service';

/**
 * Purchase contracts, their remittances and hand-overs (API.md), registered from the contract's
 * descriptions. The form may come JSON or form-encoded (`car[0][vin]=…`): the app's form-body plugin
 * parses the latter, the contract's schema coerces both.
 */
export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await purchaseReads.listPurchases(app.ctx, request.query)));

  route(app, endpoints.export, async (request) => ok(await exportPurchases(app.ctx, request.query)));

  route(app, endpoints.importCars, async (request) =>
    ok(await purchaseReads.importCars(app.ctx, request.query.order_no)),
  );

  route(app, endpoints.get, async (request) => ok(await purchaseReads.getPurchase(app.ctx, request.params.id)));

  route(app, endpoints.create, async (request, reply) =>
    created(reply, await purchases.createPurchase(app.ctx, request.body, actorOf(request)), purchaseMessages.created),
  );

  route(app, endpoints.update, async (request) =>
    ok(
      await purchases.updatePurchase(app.ctx, request.params.id, request.body, actorOf(request)),
      purchaseMessages.updated,
    ),
  );

  route(app, endpoints.delete, async (request, reply) => {
    await purchases.deletePurchase(app.ctx, request.params.id, actorOf(request));
    return noContent(reply);
  });

  route(app, endpoints.remit, async (request, reply) =>
    created(
      reply,
      await remits.createRemit(app.ctx, request.params.id, request.body, actorOf(request)),
      purchaseMessages.remitDone,
    ),
  );

  route(app, endpoints.handOver, async (request) =>
    ok(
      await purchases.handOverPurchase(app.ctx, request.params.id, request.query, actorOf(request)),
      purchaseMessages.handOverDone,
    ),
  );

  route(app, endpoints.batchHandOver, async (request) =>
    ok(
      await purchases.batchHandOverPurchases(app.ctx, request.params.id, request.query, actorOf(request)),
      purchaseMessages.handOverDone,
    ),
  );
};
