import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Envelope } from '../../contract/common';
import { type AnswerOf, type EndpointSpec, envelopeOf, type Parsed } from '../../contract/endpoint';

/** A request after the description's schemas ran: params, query and body as the contract parses them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest & {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
};

/** A 204 answers with the reply (empty body); anything else with the envelope of the described answer. */
export type EndpointAnswer<E extends EndpointSpec> = E['status'] extends 204 ? FastifyReply : Envelope<AnswerOf<E>>;

export interface EndpointRouteOptions {
  /** `{ public: true }` opens the route without a token (plugins/auth.ts). */
  config?: { public?: boolean };
}

/**
 * Registers a route from its contract description: method, path, the request schemas, and the answer
 * as the response schema of its success status, wrapped in the envelope. The serializer then writes
 * only what the schema names, so a column a service let slip (a password hash, a deleted_at) never
 * leaves the server, and an answer that does not match its description fails here, not in a client.
 */
export const route = <E extends EndpointSpec>(
  app: FastifyInstance,
  description: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>,
  options: EndpointRouteOptions = {},
): void => {
  const status = description.status ?? 200;
  app.route({
    method: description.method,
    url: description.path,
    ...(options.config ? { config: options.config } : {}),
    schema: {
      ...(description.params ? { params: description.params } : {}),
      ...(description.query ? { querystring: description.query } : {}),
      ...(description.body ? { body: description.body } : {}),
      ...(description.response && status !== 204 ? { response: { [status]: envelopeOf(description.response) } } : {}),
    },
    // The description's schemas type the request; Fastify's own generics cannot follow a description.
    handler: handler as unknown as RouteHandlerMethod,
  });
};
