import {
  type AnswerOf,
  type BodyOf,
  type EndpointSpec,
  fillPath,
  type PathParamsOf,
  type QueryOf,
} from '../../../contract/endpoint';
import { apiDelete, apiGet, apiPost, apiPut, type RequestOptions } from './http-client';

/** What a call carries besides its endpoint, each part present exactly when the description has it. */
export type CallInput<E extends EndpointSpec> = (PathParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: PathParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/** Endpoints that need nothing may be called without an input. */
type CallArguments<E extends EndpointSpec> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions];

/** A query string for the methods whose helper takes no `params` (a PUT with a query, say). */
const withQuery = (url: string, query: object | undefined): string => {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

/**
 * The one way the renderer calls the API: the contract's description gives the method and the path (its
 * `:params` filled in and encoded), and types the query, the body and the answer. Errors, toasts and the
 * session dialog are http-client's, unchanged.
 */
export async function call<E extends EndpointSpec>(
  endpoint: E,
  ...[input, options]: CallArguments<E>
): Promise<AnswerOf<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  };
  const url = fillPath(endpoint.path, params);
  switch (endpoint.method) {
    case 'GET':
      return apiGet<AnswerOf<E>>(url, query, options);
    case 'POST':
      return apiPost<AnswerOf<E>>(withQuery(url, query), body, options);
    case 'PUT':
      return apiPut<AnswerOf<E>>(withQuery(url, query), body, options);
    case 'DELETE':
      await apiDelete(withQuery(url, query), options);
      return null as AnswerOf<E>;
  }
}
