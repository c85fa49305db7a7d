import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../../contract/common';
import {
  orderBody,
  orderExportQuery,
  orderListQuery,
  orderMessages,
  orderPaths,
  orderSearchQuery,
  orderUpdateBody,
  receiptCreateBody,
  receiptMessages,
  receiptUpdateBody,
} from '../../../../contract/overseas';
import { created, ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { exportOrders, exportReceipts } from './overseas-export.service';
import * as orders from './overseas.service';

/**
 * Overseas contracts and their receipts (API.md). The contract form may come JSON or form-encoded
 * (`cars[0][vin]=…`): the app's form-body plugin parses the latter, the contract's schema coerces both.
 */
export const overseasRoutes: FastifyPluginAsyncZod = async (app) => {
  const one = `${orderPaths.list}/:id`;

  app.get(orderPaths.list, { schema: { querystring: orderListQuery } }, async (request) =>
    ok(await orders.listOrders(app.ctx, request.query)),
  );

  app.get(orderPaths.all, async () => ok(await orders.listAllOrders(app.ctx)));

  app.get(orderPaths.search, { schema: { querystring: orderSearchQuery } }, async (request) =>
    ok(await orders.searchOrders(app.ctx, request.query.order_no)),
  );

  app.get(orderPaths.export, { schema: { querystring: orderExportQuery } }, async (request) =>
    ok(await exportOrders(app.ctx, request.query)),
  );

  app.get(orderPaths.receiptExport, { schema: { querystring: orderExportQuery } }, async (request) =>
    ok(await exportReceipts(app.ctx, request.query)),
  );

  app.get(one, { schema: { params: idParam } }, async (request) =>
    ok(await orders.getOrder(app.ctx, request.params.id)),
  );

  app.post(orderPaths.list, { schema: { body: orderBody } }, async (request, reply) =>
    created(reply, await orders.createOrder(app.ctx, request.body, actorOf(request)), orderMessages.created),
  );

  app.put(one, { schema: { params: idParam, body: orderUpdateBody } }, async (request) =>
    ok(await orders.updateOrder(app.ctx, request.params.id, request.body, actorOf(request)), orderMessages.updated),
  );

  app.put(`${one}/handOver`, { schema: { params: idParam } }, async (request) =>
    ok(await orders.handOverOrder(app.ctx, request.params.id, actorOf(request)), orderMessages.handOverDone),
  );

  app.post(`${one}/receipt`, { schema: { params: idParam, body: receiptCreateBody } }, async (request, reply) =>
    created(
      reply,
      await orders.createReceipt(app.ctx, request.params.id, request.body, actorOf(request)),
      receiptMessages.created,
    ),
  );

  app.put('/api/receipt/:id', { schema: { params: idParam, body: receiptUpdateBody } }, async (request) =>
    ok(await orders.updateReceipt(app.ctx, request.params.id, request.body, actorOf(request)), receiptMessages.updated),
  );
};
