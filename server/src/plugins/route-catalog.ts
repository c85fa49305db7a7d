import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/**
 * Every route the app registers, as it was registered: the tests walk it to reach every endpoint
 * (the path-spelling walk and the standing fuzz), so an endpoint added later is covered without being
 * listed by hand.
 */

export interface CatalogRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
  isPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: readonly CatalogRoute[];
  }
}

/** Registered first, so that its hook sees every later route (plugins included). */
export const registerRouteCatalog = (app: FastifyInstance) => {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        // Read when asked: a later onRoute hook may still mark the route public.
        get isPublic() {
          return route.config?.public === true;
        },
      });
    }
  });
};
