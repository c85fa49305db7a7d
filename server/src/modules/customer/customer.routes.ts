import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../../contract/common';
import {
  customerBody,
  customerListQuery,
  customerMessages,
  customerPaths,
  customerTypeBody,
  customerUpdateBody,
} from '../../../../contract/customer';
import { created, noContent, ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as customers from './customer.service';

/** Customers and customer types (API.md, Customers). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const oneType = `${customerPaths.types}/:id`;
  const oneCustomer = `${customerPaths.list}/:id`;

  app.get(customerPaths.types, async () => ok(await customers.listCustomerTypes(app.ctx)));

  app.post(customerPaths.types, { schema: { body: customerTypeBody } }, async (request, reply) =>
    created(
      reply,
      await customers.createCustomerType(app.ctx, request.body, actorOf(request)),
      customerMessages.typeCreated,
    ),
  );

  app.put(oneType, { schema: { params: idParam, body: customerTypeBody } }, async (request) =>
    ok(
      await customers.updateCustomerType(app.ctx, request.params.id, request.body, actorOf(request)),
      customerMessages.typeUpdated,
    ),
  );

  app.delete(oneType, { schema: { params: idParam } }, async (request, reply) => {
    await customers.deleteCustomerType(app.ctx, request.params.id, actorOf(request));
    return noContent(reply);
  });

  app.get(customerPaths.list, { schema: { querystring: customerListQuery } }, async (request) =>
    ok(await customers.listCustomers(app.ctx, request.query)),
  );

  app.get(customerPaths.all, async () => ok(await customers.listCustomerOptions(app.ctx)));

  app.post(customerPaths.list, { schema: { body: customerBody } }, async (request, reply) =>
    created(reply, await customers.createCustomer(app.ctx, request.body, actorOf(request)), customerMessages.created),
  );

  app.get(oneCustomer, { schema: { params: idParam } }, async (request) =>
    ok(await customers.getCustomer(app.ctx, request.params.id)),
  );

  app.put(oneCustomer, { schema: { params: idParam, body: customerUpdateBody } }, async (request) =>
    ok(
      await customers.updateCustomer(app.ctx, request.params.id, request.body, actorOf(request)),
      customerMessages.updated,
    ),
  );

  app.delete(oneCustomer, { schema: { params: idParam } }, async (request, reply) => {
    await customers.deleteCustomer(app.ctx, request.params.id, actorOf(request));
    return noContent(reply);
  });
};
