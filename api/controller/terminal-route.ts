import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import type { BookingCache } from '../../commands/booking-cache.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { ControllerMessages, pressTerminal } from '../../contract/controller/controller-endpoints.js';
import { route } from '../contract/route.js';
import { notFound } from '../http/errors.js';
import { assertWorksHub, requireStaffWorker } from '../logistics/logistics-access.js';
import { controllerHub } from './controller-hub.js';
import { signedHeaders } from './controller-signature.js';

// POST /api/terminal/{hubId}/press: the keypad page plays the Hub's controller. The server signs
// the call with the Hub's secret and sends it through the validate route in-process, exactly as a
// controller would, and answers what validate answered; the secret never leaves the server.

export interface TerminalRouteOptions {
  db: Pool;
  store: EventStore;
  bookingCache?: BookingCache;
  clock: () => Date;
}

export const terminalRoute: FastifyPluginAsync<TerminalRouteOptions> = async (app, opts) => {
  // Validate's answer goes on as the bytes it was (status, body, Retry-After).
  route(app, pressTerminal, async (request, reply, input) => {
    // Logistics staff at the Hubs assigned to them (hub_staff, per request), admins anywhere;
    // maintenance never plays a door (docs/adr/0020).
    const user = requireStaffWorker(request);
    const { hubId } = input.params();
    const { code } = input.body();
    await assertWorksHub(opts.db, user, hubId.toUpperCase());
    const hub = await controllerHub(opts, hubId);
    if (!hub) throw notFound(ControllerMessages.hubNotFound);
    const path = `/api/otp/validate/${encodeURIComponent(hub.id)}`;
    const raw = JSON.stringify({ code, request_id: randomUUID() });
    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { ...signedHeaders(hub.secretKey, path, raw, opts.clock().getTime()), 'x-correlation-id': request.id },
      payload: raw,
    });
    const retryAfter = answer.headers['retry-after'];
    if (retryAfter !== undefined) void reply.header('retry-after', retryAfter);
    return reply.status(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  });
};
