import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerEndpoints as endpoints, customerMessages } from '../../../../contract/customer';
import { route } from '../../endpoint-route';
import { created, noContent, ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as customers from './customer.service';

/** Customers and customer types (API.md, Customers), registered from the contract's descriptions. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.listTypes, async () => ok(await customers.listCustomerTypes(app.ctx)));

  route(app, endpoints.createType, async (request, reply) =>
    created(
      reply,
      await customers.createCustomerType(app.ctx, request.body, actorOf(request)),
      customerMessages.typeCreated,
    ),
  );

  route(app, endpoints.updateType, async (request) =>
    ok(
      await customers.updateCustomerType(app.ctx, request.params.id, request.body, actorOf(request)),
      customerMessages.typeUpdated,
    ),
  );

  route(app, endpoints.deleteType, async (request, reply) => {
    await customers.deleteCustomerType(app.ctx, request.params.id, actorOf(request));
    return noContent(reply);
  });

  route(app, endpoints.list, async (request) => ok(await customers.listCustomers(app.ctx, request.query)));

  route(app, endpoints.all, async () => ok(await customers.listCustomerOptions(app.ctx)));

  route(app, endpoints.search, async (request) => ok(await customers.searchCustomerOptions(app.ctx, request.query)));

  route(app, endpoints.create, async (request, reply) =>
    created(reply, await customers.createCustomer(app.ctx, request.body, actorOf(request)), customerMessages.created),
  );

  route(app, endpoints.get, async (request) => ok(await customers.getCustomer(app.ctx, request.params.id)));

  route(app, endpoints.update, async (request) =>
    ok(
      await customers.updateCustomer(app.ctx, request.params.id, request.body, actorOf(request)),
      customerMessages.updated,
    ),
  );

  route(app, endpoints.delete, async (request, reply) => {
    await customers.deleteCustomer(app.ctx, request.params.id, actorOf(request));
    return noContent(reply);
  });
};
