import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vinCorrectionEndpoints as endpoints, vinCorrectionMessages } from '../../../../contract/vin-correction';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { correctVin, listCorrections } from './vin-correction.service';

/** VIN correction (API.md: vinAlterLists, vinAlter); the spec's car-area actions answer 200. */
export const vinCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, async (request) => ok(await listCorrections(app.ctx, request.query)));

  route(app, endpoints.correct, async (request) =>
    ok(await correctVin(app.ctx, request.body, actorOf(request)), vinCorrectionMessages.done),
  );
};
