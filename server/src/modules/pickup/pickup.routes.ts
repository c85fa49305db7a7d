import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickupEndpoints as endpoints, pickupMessages } from '../../../../contract/pickup';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { exportPickups } from './pickup-export.service';
import * as pickups from './pickup.service';

/**
 * Check-in at the yard and the pickup list (API.md, Cars: entryLists … entryExport), registered from
 * the contract's descriptions. The car-area actions answer 200, as spec part 2 says, even on create.
 */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await pickups.listPickups(app.ctx, request.query)));

  route(app, endpoints.read, async (request) => ok(await pickups.getEntry(app.ctx, request.query.entryId)));

  route(app, endpoints.add, async (request) =>
    ok(await pickups.addEntry(app.ctx, request.body, actorOf(request)), pickupMessages.created),
  );

  route(app, endpoints.edit, async (request) =>
    ok(await pickups.editEntry(app.ctx, request.body, actorOf(request)), pickupMessages.updated),
  );

  route(app, endpoints.handOver, async (request) =>
    ok(await pickups.handOverEntries(app.ctx, request.body.purchase_id, actorOf(request)), pickupMessages.handOverDone),
  );

  route(app, endpoints.noEntry, async (request) =>
    ok(await pickups.skipEntry(app.ctx, request.query, actorOf(request)), pickupMessages.noEntryDone),
  );

  route(app, endpoints.export, async (request) => ok(await exportPickups(app.ctx, request.query)));
};
