import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import type { BookingCache } from '../../commands/booking-cache.js';
import { DoorBusyError, openDoor } from '../../commands/open-door.js';
import { ControllerMessages, ValidateBody, validateDoorCode } from '../../contract/controller/controller-endpoints.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { ReplayStore } from '../../infra/replay/replay-store.js';
import { route } from '../contract/route.js';
import { ApiError, badRequest, notFound, RetryLaterError } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { controllerHub, lockerInterface } from './controller-hub.js';
import { assertSignedByHub, replayStoreFor, retryLater } from './signed-request.js';

// POST /api/otp/validate/{hubId}: what a Hub's door controller calls when someone types a code
// (ADR 0008). Its own content-type parser keeps the raw bytes, which the signature covers; it is
// registered in this plugin only, so no other route's parsing changes.

export interface ValidateRouteOptions {
  db: Pool;
  store: EventStore;
  codeSecret: string;
  clock: () => Date;
  bookingCache?: BookingCache;
  /** Where seen signatures are kept; default: Redis when REDIS_URL is set, else the database. */
  replay?: ReplayStore;
}

const MAX_BODY_BYTES = 8192;
const REFUSED = ControllerMessages.refused;

export const validateRoute: FastifyPluginAsync<ValidateRouteOptions> = async (app, opts) => {
  const replay = replayStoreFor(app, opts);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    // A code and a request id: anything much larger is not a controller talking.
    if (raw.length > MAX_BODY_BYTES) done(new ApiError(413, 'payload_too_large', 'O corpo da requisição é grande demais (máximo de 8 KiB).'), undefined);
    else done(null, raw);
  });

  // The body is the raw bytes the signature covers: parsed here, after the signature is checked.
  route(app, validateDoorCode, async (request, reply: FastifyReply, input) => {
    const { hubId } = input.params();
    const now = opts.clock();
    const hub = await controllerHub(opts, hubId);
    if (!hub) throw notFound(ControllerMessages.hubNotFound);

    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await assertSignedByHub(replay, hub, request, raw, now);

    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('invalid_json', 'Corpo da requisição não é um JSON válido.');
    }
    const door = parse(ValidateBody, json);
    const outcome = await openDoor(
      opts,
      { hubId: hub.id, requestId: door.request_id, code: door.code, lockerOrders: hub.lockerOrders },
      { actor: { id: `controller:${hub.id}`, role: 'controller' }, correlationId: request.id, causationId: null, now },
    ).catch((error: unknown) => {
      // Other processes kept winning this Hub's door stream: safe to retry with the same request_id.
      if (error instanceof DoorBusyError) throw retryLater();
      throw error;
    });
    if (outcome.kind === 'rate_limited') {
      throw new RetryLaterError(429, 'too_many_failures', ControllerMessages.tooManyFailures(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
    }
    if (outcome.kind === 'refused') throw new ApiError(403, 'invalid_code', REFUSED);
    return reply.send({
      lockerInterface: lockerInterface(hub.hardware, outcome.lockerOrder),
      lockerOrder: outcome.lockerOrder,
      reservationId: outcome.reservationId,
    });
  });
};
