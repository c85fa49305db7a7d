import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withoutInvisibles } from '../../../../contract/file-names';
import { uploadEndpoints, type UploadNamesAnswer } from '../../../../contract/upload';
import { route } from '../../endpoint-route';
import { ok } from '../../envelope';
import { findUploadedFileNames } from './upload.repository';

/**
 * GET /api/upload/names: the original names of stored files, for links that a clerk can read. Behind the
 * bearer-token hook like every /api route; it reveals nothing but names of files the staff already see.
 */
export const fileNamesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, uploadEndpoints.names, async (request) => {
    const names = await findUploadedFileNames(app.ctx.db, request.query.paths);
    // Built on a null-prototype object: a path such as "__proto__" stays a plain key.
    const answer: UploadNamesAnswer = { names: Object.assign(Object.create(null) as Record<string, string>) };
    // Cleaned again: a name stored before uploads removed invisible characters shows its real extension too.
    for (const [url, name] of names) answer.names[url] = withoutInvisibles(name);
    return ok(answer);
  });
};
