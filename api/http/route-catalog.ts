// Every route the app registers, recorded as it is added (an onRoute hook), so tests can cover
// routes nobody listed by hand.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const catalogs = new WeakMap<FastifyInstance, RouteEntry[]>();

export function trackRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path });
  });
}

/** The routes registered on app (trackRoutes must have run before they were added). */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return catalogs.get(app) ?? [];
}
