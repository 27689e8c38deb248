import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { rotationPeriodFromEnv } from '../../commands/code-rotation-schedule.js';
import type { ControllerEventsDeps } from '../../commands/controller-events.js';
import { recordControllerEvents } from '../../commands/controller-events.js';
import { buildManifest } from '../../commands/controller-manifest.js';
import { ControllerMessages } from '../../contract/controller/controller-endpoints.js';
import { ControllerEventsBody, Manifest } from '../../contract/controller/controller-sync.js';
import { getControllerManifest, MANIFEST_SIGNATURE_PREFIX, postControllerEvents } from '../../contract/controller/controller-sync-endpoints.js';
import { positiveMsFromEnv } from '../../infra/env-ms.js';
import { route } from '../contract/route.js';
import type { ValidateRouteOptions } from './validate-route.js';
import { ApiError, badRequest, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { controllerHub } from './controller-hub.js';
import { assertSignedByHub, replayStoreFor } from './signed-request.js';

// GET /api/controller/{hubId}/manifest and POST /api/controller/{hubId}/events (issue 29, ADR
// 0025): signed as the validate route (ADR 0008), through the same check and replay memory. The
// manifest's answer is signed too, over its exact bytes, so the controller can trust a copy it
// reads back from its disk. Like validate, the raw-body parser lives in this plugin only.

/** What validate needs (the Hub, its key, the replay memory), and what a reported jam sets off. */
export interface SyncRouteOptions extends ValidateRouteOptions {
  relocate?: ControllerEventsDeps['relocate'];
}

const MAX_BATCH_BYTES = 512 * 1024;

/** `sha256=<hex HMAC-SHA256(hub key, "MANIFEST\n" + body)>`. */
export const manifestSignature = (secretKey: string, body: string) =>
  `sha256=${createHmac('sha256', secretKey)
    .update(MANIFEST_SIGNATURE_PREFIX + body)
    .digest('hex')}`;

export const syncRoutes: FastifyPluginAsync<SyncRouteOptions> = async (app, opts) => {
  const replay = replayStoreFor(app, opts);
  const settings = {
    rotationMs: rotationPeriodFromEnv(),
    syncEveryMs: positiveMsFromEnv(process.env, 'CONTROLLER_SYNC_EVERY_MS', 60_000),
    heartbeatEveryMs: positiveMsFromEnv(process.env, 'CONTROLLER_HEARTBEAT_EVERY_MS', 30_000),
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    if (raw.length > MAX_BATCH_BYTES) done(new ApiError(413, 'payload_too_large', 'O corpo da requisição é grande demais (máximo de 512 KiB).'), undefined);
    else done(null, raw);
  });

  const signedHub = async (hubId: string, request: Parameters<typeof assertSignedByHub>[2], now: Date) => {
    const hub = await controllerHub(opts, hubId);
    if (!hub) throw notFound(ControllerMessages.hubNotFound);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await assertSignedByHub(replay, hub, request, raw, now);
    return { hub, raw };
  };

  route(app, getControllerManifest, async (request, reply, input) => {
    const now = opts.clock();
    const { hub } = await signedHub(input.params().hubId, request, now);
    const manifest = Manifest.parse(await buildManifest(opts, hub, now, settings));
    // The exact bytes are what the signature covers: sent as they are, not re-serialized.
    const body = JSON.stringify(manifest);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-hub-manifest-signature', manifestSignature(hub.secretKey, body))
      .send(body);
  });

  route(app, postControllerEvents, async (request, reply, input) => {
    const now = opts.clock();
    const { hub, raw } = await signedHub(input.params().hubId, request, now);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('invalid_json', 'Corpo da requisição não é um JSON válido.');
    }
    const { events } = parse(ControllerEventsBody, json);
    const outcome = await recordControllerEvents({ ...opts, log: request.log }, hub, events, request.id);
    return reply.send(outcome);
  });
};
