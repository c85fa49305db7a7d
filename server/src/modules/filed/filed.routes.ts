import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filedEndpoints as endpoints, filedMessages } from '../../../../contract/filed';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as filed from './filed.service';

/**
 * Filing (API.md, Cars: archiveLists, archive…, drawbackAdd, freight…), registered from the contract's
 * descriptions. The car-area actions answer 200, as spec part 2 says, even on create.
 */
export const filedRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await filed.listFiled(app.ctx, request.query)));

  route(app, endpoints.archiveAdd, async (request) =>
    ok(await filed.addArchive(app.ctx, request.body, actorOf(request)), filedMessages.created),
  );
  route(app, endpoints.archiveEdit, async (request) =>
    ok(await filed.editArchive(app.ctx, request.body, actorOf(request)), filedMessages.updated),
  );
  route(app, endpoints.archiveSingle, async (request) => ok(await filed.getArchive(app.ctx, request.query.archiveId)));
  route(app, endpoints.archiveRead, async (request) =>
    ok(await filed.getOrderArchives(app.ctx, request.query.orderId)),
  );

  route(app, endpoints.drawbackAdd, async (request) =>
    ok(await filed.addDrawback(app.ctx, request.body, actorOf(request)), filedMessages.created),
  );
  route(app, endpoints.drawbackEdit, async (request) =>
    ok(await filed.editDrawback(app.ctx, request.body, actorOf(request)), filedMessages.updated),
  );
  route(app, endpoints.drawbackSingle, async (request) =>
    ok(await filed.getDrawback(app.ctx, request.query.drawbackId)),
  );

  route(app, endpoints.freightAdd, async (request) =>
    ok(await filed.addFreight(app.ctx, request.body, actorOf(request)), filedMessages.created),
  );
  route(app, endpoints.freightEdit, async (request) =>
    ok(await filed.editFreight(app.ctx, request.body, actorOf(request)), filedMessages.updated),
  );
  route(app, endpoints.freightSingle, async (request) => ok(await filed.getFreight(app.ctx, request.query.freightId)));
};
