import type { FastifyPluginAsync } from 'fastify';
import { terminalRoute, type TerminalRouteOptions } from './terminal-route.js';
import { replayStoreFor } from './signed-request.js';
import { syncRoutes, type SyncRouteOptions } from './sync-routes.js';
import { validateRoute, type ValidateRouteOptions } from './validate-route.js';

// The Hub door-controller API (ADR 0008) and the terminal that plays a controller. Validate sits
// in a child plugin of its own: its raw-body parser must not reach any other route.

export type ControllerRoutesOptions = ValidateRouteOptions & TerminalRouteOptions & Pick<SyncRouteOptions, 'relocate'>;

export const controllerRoutes: FastifyPluginAsync<ControllerRoutesOptions> = async (app, opts) => {
  // One replay memory for every signed controller call (a signature seen on one is seen on all).
  const replay = replayStoreFor(app, opts);
  await app.register(validateRoute, { ...opts, replay });
  await app.register(syncRoutes, { ...opts, replay });
  await app.register(terminalRoute, opts);
};
