import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { envelopeOf } from '../../../../contract/endpoint';
import { UPLOAD_MAX_BYTES, uploadEndpoints, uploadMessages, uploadSlots } from '../../../../contract/upload';
import { ok } from '../../envelope';
import { badRequest, HttpError, notFound, unprocessable } from '../../http-errors';
import { STORAGE_URL_PREFIX, type Storage } from '../../platform/storage/storage';
import { downloadHeaders, findStoredFile, isUploadDir, type ReceivedUpload, saveUpload } from './upload.service';

/**
 * Multipart errors a client causes, turned into the answers of API.md instead of raw plugin text.
 * Our own errors and the file system's (a full disk) keep their meaning: the error handler makes
 * the latter a 500.
 */
const multipartAnswer = (error: unknown) => {
  if (error instanceof HttpError || (error as NodeJS.ErrnoException).syscall !== undefined) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unprocessable(uploadMessages.missingFile, 'file');
    case 'FST_FILES_LIMIT':
      return unprocessable(uploadMessages.onlyOne, 'file');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return unprocessable(uploadMessages.failedFallback);
    default:
      // A malformed or cut-off body (busboy's "Unexpected end of form" and the like).
      return badRequest(uploadMessages.failedFallback);
  }
};

/**
 * Reads the form's `dir` and `file` in whichever order they come. The file is streamed to a staging
 * file; when `dir` came first, the slot's own limit stops the writing early.
 */
const receiveUpload = async (request: FastifyRequest, storage: Storage): Promise<ReceivedUpload> => {
  const received: ReceivedUpload = { dir: undefined, file: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'dir' && received.dir === undefined && typeof part.value === 'string') {
          received.dir = part.value.trim();
        }
        continue;
      }
      if (part.fieldname !== 'file' || received.file) {
        // Not ours: read it to the end so that the parser goes on to the next part.
        part.file.resume();
        continue;
      }
      const limit = isUploadDir(received.dir) ? uploadSlots[received.dir].maxBytes : UPLOAD_MAX_BYTES;
      const staged = await storage.stage(part.file, limit);
      received.file = { fileName: part.filename ?? '', staged, truncated: part.file.truncated };
    }
  } catch (error) {
    await received.file?.staged.discard();
    throw multipartAnswer(error);
  }
  return received;
};

/**
 * POST /api/upload and GET /storage/*. Both sit behind the core's bearer-token hook; this plugin
 * only adds the upload rules and the safe path resolution.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  // Its staging objects and old exports are swept by the storage's jobs (platform/storage/storage-jobs.ts).
  const { storage } = app.ctx;

  // Registered here, not globally: only this route accepts multipart, with limits fitted to it
  // (the plugin's own default is 1 MiB and the whole body limit).
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 256,
      parts: 6,
      headerPairs: 20,
    },
    // Size answers are ours (413 with the slot's message), not the plugin's English error.
    throwFileSizeLimit: false,
  });

  // The multipart body is read part by part below; the answer is the contract's, like every route's.
  app.post(
    uploadEndpoints.upload.path,
    { schema: { response: { 200: envelopeOf(uploadEndpoints.upload.response) } } },
    async (request) => {
      const received = await receiveUpload(request, storage);
      try {
        return ok(await saveUpload(app.ctx.db, storage, received, request.user.id), uploadMessages.success);
      } finally {
        await received.file?.staged.discard();
      }
    },
  );

  app.get<{ Params: { '*': string } }>(`${STORAGE_URL_PREFIX}*`, async (request, reply) => {
    const file = await findStoredFile(app.ctx.db, storage, STORAGE_URL_PREFIX + request.params['*']);
    // Removed between the look-up and the read (a sweep): as missing as a file never stored.
    const body = file && (await storage.open(file.key));
    if (!file || !body) throw notFound();
    reply.headers(downloadHeaders(file));
    return reply.send(body);
  });
};
