import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  vinCorrectionBody,
  vinCorrectionListQuery,
  vinCorrectionMessages,
  vinCorrectionPaths,
} from '../../../../contract/vin-correction';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import { correctVin, listCorrections } from './vin-correction.service';

/** VIN correction (API.md: vinAlterLists, vinAlter); the spec's car-area actions answer 200. */
export const vinCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(vinCorrectionPaths.list, { schema: { querystring: vinCorrectionListQuery } }, async (request) =>
    ok(await listCorrections(app.ctx, request.query)),
  );

  app.post(vinCorrectionPaths.correct, { schema: { body: vinCorrectionBody } }, async (request) =>
    ok(await correctVin(app.ctx, request.body, actorOf(request)), vinCorrectionMessages.done),
  );
};
