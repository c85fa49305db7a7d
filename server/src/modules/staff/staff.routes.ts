import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, pageQuery } from '../../../../contract/common';
import { staffCreateBody, staffMessages, staffPaths, staffUpdateBody } from '../../../../contract/staff';
import { created, noContent, ok } from '../../envelope';
import { actorOf, authOf } from '../../plugins/auth';
import * as staff from './staff.service';

/** Staff accounts (API.md, session and staff). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const one = `${staffPaths.list}/:id`;

  app.get(staffPaths.list, { schema: { querystring: pageQuery } }, async (request) =>
    ok(await staff.listStaff(app.ctx, request.query)),
  );

  app.post(staffPaths.list, { schema: { body: staffCreateBody } }, async (request, reply) =>
    created(reply, await staff.createStaff(app.ctx, request.body, actorOf(request)), staffMessages.created),
  );

  app.get(one, { schema: { params: idParam } }, async (request) =>
    ok(await staff.getStaff(app.ctx, request.params.id)),
  );

  app.put(one, { schema: { params: idParam, body: staffUpdateBody } }, async (request) =>
    ok(
      await staff.updateStaff(app.ctx, request.params.id, request.body, authOf(request), actorOf(request)),
      staffMessages.updated,
    ),
  );

  app.delete(one, { schema: { params: idParam } }, async (request, reply) => {
    await staff.deleteStaff(app.ctx, request.params.id, authOf(request), actorOf(request));
    return noContent(reply);
  });

  app.put(`${one}/switch`, { schema: { params: idParam } }, async (request) =>
    ok(await staff.switchStaff(app.ctx, request.params.id, authOf(request), actorOf(request))),
  );
};
