import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportsEndpoints as endpoints,
  exportsMessages,
  releaseListEndpoints,
} from '../../../../contract/release-exports';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { actorOf } from '../../plugins/auth';
import * as exportsService from './exports.service';
import { exportReleaseList } from './release-list-export.service';
import { getReleaseDetail, listReleaseGroups } from './release-list.service';

/**
 * The export declaration (API.md, Cars: exportsAdd, exportsEdit, exportsRead) and the release hand-over
 * (releaseHandOver), registered from the contract's descriptions. The car-area actions answer 200, as
 * spec part 2 says, even on create.
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.read, async (request) => ok(await exportsService.getExports(app.ctx, request.query)));

  route(app, endpoints.add, async (request) =>
    ok(await exportsService.addExports(app.ctx, request.body, actorOf(request)), exportsMessages.created),
  );

  route(app, endpoints.edit, async (request) =>
    ok(await exportsService.editExports(app.ctx, request.body, actorOf(request)), exportsMessages.updated),
  );

  route(app, endpoints.handOver, async (request) =>
    ok(
      await exportsService.handOverRelease(app.ctx, request.body.purchase_id, actorOf(request)),
      exportsMessages.handOverDone,
    ),
  );

  // The release list (出口放行), its export and the release detail page (放行详情).
  route(app, releaseListEndpoints.list, async (request) => ok(await listReleaseGroups(app.ctx, request.query)));
  route(app, releaseListEndpoints.export, async (request) => ok(await exportReleaseList(app.ctx, request.query)));
  route(app, releaseListEndpoints.detail, async (request) =>
    ok(await getReleaseDetail(app.ctx, request.query.purchaseId)),
  );
};
