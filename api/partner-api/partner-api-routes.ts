import type { FastifyPluginAsync } from 'fastify';
import type { SettingsReader } from '../../commands/settings-reader.js';
import {
  cancelPartnerReservation,
  createPartnerReservation,
  getPartnerMe,
  getPartnerReservation,
  listPartnerHubs,
  listPartnerReservations,
} from '../../contract/partner-api/partner-api-endpoints.js';
import { route } from '../contract/route.js';
import type { LivePartnerDeps } from './live-partner-reservations.js';
import { livePartnerReservations } from './live-partner-reservations.js';
import type { PartnerRateLimits } from './partner-gate.js';
import { createPartnerGate } from './partner-gate.js';
import type { PartnerWrite } from './partner-reservations.js';
import { partnerServiceFor } from './partner-reservations.js';
import { sandboxPartnerReservations } from './sandbox-partner-reservations.js';
import { partnerWebhookRoutes } from './webhook-routes.js';

// The partner API, /api/partner/v1 (contract/partner-api/). Each route passes the gate (token,
// the admin's switch, the per-token rate limit, and for writes the required Idempotency-Key),
// then asks the implementation that serves this partner (partnerServiceFor).

export interface PartnerApiRoutesOptions extends LivePartnerDeps {
  settings: SettingsReader;
  partnerRateLimits: PartnerRateLimits;
}

export const partnerApiRoutes: FastifyPluginAsync<PartnerApiRoutesOptions> = async (app, deps) => {
  const gate = createPartnerGate(app, { db: deps.db, settings: deps.settings, limits: deps.partnerRateLimits });
  const services = { live: livePartnerReservations(deps), sandbox: sandboxPartnerReservations(deps) };
  const writeOf = (request: { idempotencyKey: string | null; id: string }): PartnerWrite => ({
    idempotencyKey: request.idempotencyKey ?? undefined,
    correlationId: request.id,
  });

  route(app, getPartnerMe, async (request) => {
    const partner = await gate.read(request);
    return { id: partner.id, name: partner.name, company_name: partner.company_name };
  });

  route(app, listPartnerHubs, async (request, _reply, input) => {
    const partner = await gate.read(request);
    const { start_time, end_time } = input.query();
    const window = start_time && end_time ? { start: new Date(start_time), end: new Date(end_time) } : null;
    return partnerServiceFor(partner, services).listHubs(partner, window);
  });

  route(app, createPartnerReservation, async (request, reply, input) => {
    const partner = await gate.write(request, reply);
    if (!partner) return reply;
    const body = input.body();
    const made = await partnerServiceFor(partner, services).create(partner, body, writeOf(request));
    reply.status(201);
    return made;
  });

  route(app, listPartnerReservations, async (request, _reply, input) => {
    const partner = await gate.read(request);
    return partnerServiceFor(partner, services).list(partner, input.query());
  });

  route(app, getPartnerReservation, async (request, _reply, input) => {
    const partner = await gate.read(request);
    return partnerServiceFor(partner, services).get(partner, input.params().id);
  });

  route(app, cancelPartnerReservation, async (request, reply, input) => {
    const partner = await gate.write(request, reply);
    if (!partner) return reply;
    return partnerServiceFor(partner, services).cancel(partner, input.params().id, writeOf(request));
  });

  partnerWebhookRoutes(app, deps, gate);
};
