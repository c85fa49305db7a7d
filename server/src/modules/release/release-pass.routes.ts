import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { releasePassEndpoints as endpoints, releasePassMessages } from '../../../../contract/release';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as passes from './release-pass.service';

/**
 * The release pass (API.md, Cars: releaseAdd, releaseEdit, releaseRead) and the vehicles its form may
 * pick, registered from the contract's descriptions. The car-area actions answer 200, as spec part 2
 * says, even on create.
 */
export const releasePassRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.candidates, async (request) => ok(await passes.listReleaseCandidates(app.ctx, request.query)));

  route(app, endpoints.read, async (request) => ok(await passes.getReleasePass(app.ctx, request.query.releaseId)));

  route(app, endpoints.add, async (request) =>
    ok(await passes.addReleasePass(app.ctx, request.body, actorOf(request)), releasePassMessages.created),
  );

  route(app, endpoints.edit, async (request) =>
    ok(await passes.editReleasePass(app.ctx, request.body, actorOf(request)), releasePassMessages.updated),
  );
};
