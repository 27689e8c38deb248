// Everything between the network and the routes: security headers, CORS, no-store API answers,
// input the database cannot hold refused early, and the route/schema catalogues tests read.
// Registered before any route so its hooks cover all of them.
import type { FastifyInstance } from 'fastify';
import { noStoreForApi } from './api-cache-control.js';
import { parseCorsOrigins, registerCors } from './cors.js';
import { guardInput } from './input-guard.js';
import { trackRoutes } from './route-catalog.js';
import { trackSchemas } from './schema-registry.js';
import { registerSecurityHeaders } from './security-headers.js';

export interface EdgeOptions {
  /** Other origins allowed to call the API from a browser; default: CORS_ORIGINS. */
  corsOrigins?: readonly string[];
}

export async function registerHttpEdge(app: FastifyInstance, options: EdgeOptions = {}): Promise<void> {
  trackRoutes(app);
  await registerSecurityHeaders(app);
  await registerCors(app, options.corsOrigins ?? parseCorsOrigins(process.env.CORS_ORIGINS));
  noStoreForApi(app);
  guardInput(app);
  trackSchemas(app);
}
