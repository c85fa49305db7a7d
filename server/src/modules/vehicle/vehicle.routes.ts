import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  carDetachBodyOrNone,
  carDetachQuery,
  carExistsQuery,
  carListsQuery,
  carLookupBody,
  carMessages,
  carPaths,
  carSearchQuery,
} from '../../../../contract/vehicle';
import { idParam } from '../../../../contract/common';
import { noContent, ok } from '../../envelope';
import { unprocessable } from '../../http-errors';
import { actorOf } from '../../plugins/auth';
import * as cars from './vehicle.service';

/** The car endpoints of the overseas area (API.md, Cars and their records): lookups, detach, carLists. */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(carPaths.exists, { schema: { querystring: carExistsQuery } }, async (request) =>
    ok(await cars.carExists(app.ctx, request.query)),
  );

  app.get(carPaths.search, { schema: { querystring: carSearchQuery } }, async (request) =>
    ok(await cars.searchCars(app.ctx, request.query)),
  );

  app.post(carPaths.lookup, { schema: { body: carLookupBody } }, async (request) =>
    ok(await cars.lookupCars(app.ctx, request.body.vins)),
  );

  app.put(
    '/api/car/detach/:id',
    { schema: { params: idParam, querystring: carDetachQuery, body: carDetachBodyOrNone } },
    async (request, reply) => {
      const model = request.body?.model ?? request.query.model;
      if (!model) throw unprocessable(carMessages.detachModel, 'model');
      await cars.detachCar(app.ctx, request.params.id, { model }, actorOf(request));
      return noContent(reply);
    },
  );

  app.get(carPaths.carLists, { schema: { querystring: carListsQuery } }, async (request) =>
    ok(await cars.carLists(app.ctx, request.query)),
  );
};
