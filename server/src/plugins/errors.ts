import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Envelope, messages, type ServerErrorData, type ValidationErrorData } from '../../../contract/common';
import { HttpError } from '../http-errors';

/**
 * Our own error and not-found handlers. Fastify's defaults would send a database error's text (SQL,
 * constraint names, paths) to the client; here every answer is the envelope with a Chinese message,
 * and anything unexpected becomes a bare 500 whose detail goes only to the log, under the request id
 * that the body also carries.
 */

export const BAD_REQUEST_MESSAGE = '请求数据格式不正确';
const UNKNOWN_FIELD_MESSAGE = '不支持的字段';

/** Fastify's own client errors, by code, in Chinese. */
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: '请求内容过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: BAD_REQUEST_MESSAGE },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: BAD_REQUEST_MESSAGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: BAD_REQUEST_MESSAGE },
};

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  expected?: string;
}

/** `{ field: [messages] }` in the order the rules failed; an unknown field is named by itself. */
export const validationErrors = (issues: readonly Issue[]): { message: string; errors: Record<string, string[]> } => {
  // No prototype: a field named `constructor` or `toString` must be a key like any other.
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  let first: string | undefined;
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(field ? `${field}.${key}` : key, UNKNOWN_FIELD_MESSAGE);
      first ??= UNKNOWN_FIELD_MESSAGE;
      continue;
    }
    // A body that is not an object at all (missing, an array, a string) has no field to blame.
    const message = field === '' && issue.code === 'invalid_type' ? BAD_REQUEST_MESSAGE : issue.message;
    add(field, message);
    first ??= message;
  }
  return { message: first ?? BAD_REQUEST_MESSAGE, errors };
};

/** fastify-type-provider-zod reports `/cars/0/vin`; the issue's own path is in `params`. */
const issuesOfFastifyValidation = (error: { validation: readonly object[] }): Issue[] =>
  error.validation.map((validationEntry) => {
    const entry = validationEntry as Record<string, unknown>;
    const params = (entry.params ?? {}) as Record<string, unknown>;
    const instancePath = typeof entry.instancePath === 'string' ? entry.instancePath : '';
    return {
      path: instancePath.split('/').filter((segment) => segment.length > 0),
      message: String(entry.message ?? BAD_REQUEST_MESSAGE),
      code: typeof entry.keyword === 'string' ? entry.keyword : undefined,
      keys: Array.isArray(params.keys) ? (params.keys as string[]) : undefined,
    };
  });

const send = <T>(reply: FastifyReply, status: number, message: string, data: T) => {
  const body: Envelope<T> = { code: status, message, data };
  return reply.code(status).send(body);
};

const sendValidation = (reply: FastifyReply, issues: Issue[]) => {
  const { message, errors } = validationErrors(issues);
  return send<ValidationErrorData>(reply, 422, message, { errors });
};

export const handleError = (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
  try {
    return answerError(error, request, reply);
  } catch (failure) {
    // Describing the error failed: still the envelope, never Fastify's own body.
    request.log.error({ err: failure, cause: error }, 'error handler failed');
    return send<ServerErrorData>(reply, 500, messages.serverError, { request_id: String(request.id) });
  }
};

const answerError = (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
    return send(reply, error.statusCode, error.message, error.data);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path names no record: the same answer as an unknown id.
    if ((error as FastifyError).validationContext === 'params') return send(reply, 404, messages.notFound, null);
    return sendValidation(reply, issuesOfFastifyValidation(error));
  }
  if (error instanceof z.ZodError) return sendValidation(reply, error.issues);
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? fastifyClientErrors[fastifyError.code] : undefined;
  if (known) return send(reply, known.status, known.message, null);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 429 ? messages.tooManyRequests : status === 404 ? messages.notFound : BAD_REQUEST_MESSAGE;
    return send(reply, status, message, null);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send<ServerErrorData>(reply, 500, messages.serverError, { request_id: String(request.id) });
};

/** Paths that belong to the API (or its files), never to the single-page app. */
const isApiPath = (path: string): boolean =>
  path === '/api' || path.startsWith('/api/') || path === '/storage' || path.startsWith('/storage/');

/**
 * The path as the router read it: without the query, percent-decoded. Only the not-found handler
 * uses it, to choose between the page and a 404; access never depends on it (plugins/auth.ts).
 */
const decodedPathOf = (url: string): string => {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

export interface ErrorHandlingOptions {
  /**
   * Serves the single-page app's `index.html` for a GET of an unknown non-API path without a file
   * extension, so that a reload of `/overseas/list` opens the app (when WEB_DIR is served).
   */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export const registerErrorHandling = (app: FastifyInstance, options: ErrorHandlingOptions = {}) => {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = decodedPathOf(request.url);
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
    if (options.spaFallback && wantsPage && !lastSegment.includes('.')) return options.spaFallback(request, reply);
    return send(reply, 404, messages.notFound, null);
  });
};

/**
 * Fastify's own answers made before any route runs (a URL with a broken percent-encoding, a path
 * parameter over the length limit): the envelope and a Chinese message, not Fastify's body that
 * echoes the URL. Passed as Fastify's `frameworkErrors` option.
 */
export const handleFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  reply.header('Cache-Control', 'no-store');
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, BAD_REQUEST_MESSAGE, null);
};

/** Answers Node's HTTP parser gives before Fastify sees a request, by the parser's error code. */
const clientErrorAnswers: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: '请求头过大' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: '请求超时，请重试' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse (an oversized header, a broken
 * request line) still gets the envelope with a Chinese message, then the connection closes.
 */
export const handleClientError = (error: NodeJS.ErrnoException, socket: Duplex) => {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswers[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: BAD_REQUEST_MESSAGE,
  };
  const body = JSON.stringify({ code: answer.status, message: answer.message, data: null } satisfies Envelope<null>);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
};
