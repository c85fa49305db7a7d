import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overseasEndpoints as endpoints } from '../../../../contract/overseas';
import { orderMessages, receiptMessages } from '../../../../contract/overseas-messages';
import { route } from '../../endpoint-route';
import { created, ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { exportOrders, exportReceipts } from './overseas-export.service';
import * as orderReads from './overseas-read.service';
import * as receipts from './overseas-receipt.service';
import * as orders from './overseas.service';

/**
 * Overseas contracts and their receipts (API.md), registered from the contract's descriptions. The
 * contract form may come JSON or form-encoded (`cars[0][vin]=…`): the app's form-body plugin parses the
 * latter, the contract's schema coerces both.
 */
export const overseasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await orderReads.listOrders(app.ctx, request.query)));

  route(app, endpoints.all, async () => ok(await orderReads.listAllOrders(app.ctx)));

  route(app, endpoints.search, async (request) => ok(await orderReads.searchOrders(app.ctx, request.query.order_no)));

  route(app, endpoints.export, async (request) => ok(await exportOrders(app.ctx, request.query)));

  route(app, endpoints.receiptExport, async (request) => ok(await exportReceipts(app.ctx, request.query)));

  route(app, endpoints.get, async (request) => ok(await orderReads.getOrder(app.ctx, request.params.id)));

  route(app, endpoints.create, async (request, reply) =>
    created(reply, await orders.createOrder(app.ctx, request.body, actorOf(request)), orderMessages.created),
  );

  route(app, endpoints.update, async (request) =>
    ok(await orders.updateOrder(app.ctx, request.params.id, request.body, actorOf(request)), orderMessages.updated),
  );

  route(app, endpoints.handOver, async (request) =>
    ok(await orders.handOverOrder(app.ctx, request.params.id, actorOf(request)), orderMessages.handOverDone),
  );

  route(app, endpoints.createReceipt, async (request, reply) =>
    created(
      reply,
      await receipts.createReceipt(app.ctx, request.params.id, request.body, actorOf(request)),
      receiptMessages.created,
    ),
  );

  route(app, endpoints.updateReceipt, async (request) =>
    ok(
      await receipts.updateReceipt(app.ctx, request.params.id, request.body, actorOf(request)),
      receiptMessages.updated,
    ),
  );
};
