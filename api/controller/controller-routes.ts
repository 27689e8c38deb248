import type { FastifyPluginAsync } from 'fastify';
import { terminalRoute, type TerminalRouteOptions } from './terminal-route.js';
import { validateRoute, type ValidateRouteOptions } from './validate-route.js';

// The Hub door-controller API (ADR 0008) and the terminal that plays a controller. Validate sits
// in a child plugin of its own: its raw-body parser must not reach any other route.

export type ControllerRoutesOptions = ValidateRouteOptions & TerminalRouteOptions;

export const controllerRoutes: FastifyPluginAsync<ControllerRoutesOptions> = async (app, opts) => {
  await app.register(validateRoute, opts);
  await app.register(terminalRoute, opts);
};
