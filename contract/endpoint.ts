/**
 * One typed description per endpoint: method, path, what it reads (path params, query, body) and what it
 * answers. The server registers its routes from these descriptions (with the answer as the response
 * schema, so no column leaves the server unless the contract names it), and the renderer's `call()`
 * fills the path and types the answer from the same object: a path and its answer type are never paired
 * by hand.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointSpec {
  method: HttpMethod;
  /** Fastify's spelling: `/api/order/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`; null for a 204 without a body. */
  response: z.ZodType | null;
  /** 200 unless it says otherwise. */
  status?: 200 | 201 | 204;
}

/** Keeps the literal types of a description (its path, its schemas) for `call()` and the routes. */
export const endpoint = <const E extends EndpointSpec>(description: E): E => description;

/** The names of a path's `:params`: `'/api/order/:id/receipt'` gives `'id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a client puts in a path: one value per `:param`. */
export type PathParamsOf<E extends EndpointSpec> = [PathParamNames<E['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<E['path']>, string | number>;

/** A query as a client sends it: every key optional, text or numbers (the schema reads them). */
export type QueryOf<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? { [Key in keyof z.output<E['query']>]?: z.output<E['query']>[Key] | string | number | null }
  : undefined;

/** A body as a client sends it. */
export type BodyOf<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** What the server's handler reads after the schemas ran. */
export type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The envelope's `data` of a success. */
export type AnswerOf<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.output<E['response']> : null;

/** The envelope every answer carries (API.md): `code` equals the HTTP status. */
export const envelopeOf = <Data extends z.ZodType>(data: Data) =>
  z.object({ code: z.number(), message: z.string(), data });

export const pageMetaSchema = z.object({ total: z.number(), page: z.number(), limit: z.number() });

/** A page of a list: the total both in `meta` and at the top, because the spec reads either. */
export const paged = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), meta: pageMetaSchema, total: z.number() });

/** The answer of a create: the new record's id. */
export const createdId = z.object({ id: z.number() });

/** A path with its `:params` filled in, each encoded (a VIN or a name may hold `/` or `?`). */
export const fillPath = (path: string, params: Record<string, string | number> | undefined): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
