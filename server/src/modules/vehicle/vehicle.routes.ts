import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carMessages, vehicleEndpoints as endpoints } from '../../../../contract/vehicle';
import { route } from '../../endpoint-route';
import { noContent, ok } from '../../envelope';
import { unprocessable } from '../../http-errors';
import { actorOf } from '../../plugins/auth';
import * as cars from './vehicle.service';

/** The car endpoints of the overseas area (API.md, Cars and their records): lookups, detach, carLists. */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.exists, async (request) => ok(await cars.carExists(app.ctx, request.query)));

  route(app, endpoints.search, async (request) => ok(await cars.searchCars(app.ctx, request.query)));

  route(app, endpoints.lookup, async (request) => ok(await cars.lookupCars(app.ctx, request.body.vins)));

  route(app, endpoints.detach, async (request, reply) => {
    const model = request.body?.model ?? request.query.model;
    if (!model) throw unprocessable(carMessages.detachModel, 'model');
    await cars.detachCar(app.ctx, request.params.id, { model }, actorOf(request));
    return noContent(reply);
  });

  route(app, endpoints.carLists, async (request) => ok(await cars.carLists(app.ctx, request.query)));
};
