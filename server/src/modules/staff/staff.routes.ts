import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffEndpoints as endpoints, staffMessages } from '../../../../contract/staff';
import { route } from '../../endpoint-route';
import { created, noContent, ok } from '../../envelope';
import { actorOf, authOf } from '../../plugins/auth';
import * as staff from './staff.service';

/** Staff accounts (API.md, session and staff), registered from the contract's descriptions. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await staff.listStaff(app.ctx, request.query)));

  route(app, endpoints.create, async (request, reply) =>
    created(reply, await staff.createStaff(app.ctx, request.body, actorOf(request)), staffMessages.created),
  );

  route(app, endpoints.get, async (request) => ok(await staff.getStaff(app.ctx, request.params.id)));

  route(app, endpoints.update, async (request) =>
    ok(
      await staff.updateStaff(app.ctx, request.params.id, request.body, authOf(request), actorOf(request)),
      staffMessages.updated,
    ),
  );

  route(app, endpoints.delete, async (request, reply) => {
    await staff.deleteStaff(app.ctx, request.params.id, authOf(request), actorOf(request));
    return noContent(reply);
  });

  route(app, endpoints.switchStatus, async (request) =>
    ok(await staff.switchStaff(app.ctx, request.params.id, authOf(request), actorOf(request))),
  );
};
