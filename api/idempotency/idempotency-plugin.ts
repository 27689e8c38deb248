import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { ApiError, RetryLaterError } from '../http/errors.js';
import { claimKey, purgeExpiredKeys, recordAnswer, releaseKey } from './idempotency-store.js';
import { seal, unseal } from './sealed-json.js';

// Every state-changing request of a signed-in caller may carry an Idempotency-Key header: the
// first request with a key acts and its answer is kept 24 hours; a retry with the same key and
// the same request gets that answer again (header Idempotent-Replayed: true) and acts not at
// all. The key is scoped to the caller, so two users cannot collide.

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's Idempotency-Key when this request claimed it; commands record it. */
    idempotencyKey: string | null;
  }
  interface FastifyInstance {
    /**
     * Claims the request's Idempotency-Key for a caller known only inside the handler (a partner
     * token: scope `partner:{id}`). True when the kept answer of an earlier request was sent: the
     * handler returns the reply and does nothing else.
     */
    claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply, scope: string): Promise<boolean>;
  }
}

const HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/; // visible ASCII, as UUIDs and the like are
const CHANGES_STATE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface IdempotencyOptions {
  db: Pool;
  /** Seals stored answers (they can hold access codes). */
  secret: string;
  log: { warn(obj: object, msg: string): void };
}

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

export function installIdempotency(app: FastifyInstance, { db, secret, log }: IdempotencyOptions): void {
  app.decorateRequest('idempotencyKey', null);
  const claimed = new WeakMap<FastifyRequest, { scope: string; key: string }>();

  /** Claims the key for this request; true when a kept answer was sent instead. */
  const claimFor = async (request: FastifyRequest, scope: string, reply: FastifyReply, header: string | string[] | undefined): Promise<boolean> => {
    const key = Array.isArray(header) ? header[0] : header;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, sem espaços.');
    }
    const claim = await claimKey(db, scope, key, fingerprintOf(request));
    if (claim.kind === 'mismatch') {
      throw new ApiError(422, 'idempotency_key_reused', 'Esta Idempotency-Key já foi usada em outra requisição.');
    }
    if (claim.kind === 'in_progress') {
      throw new RetryLaterError(
        409,
        'idempotency_in_progress',
        'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
        1,
      );
    }
    if (claim.kind === 'replay') {
      replay(reply, claim.statusCode, unseal(secret, claim.response));
      return true;
    }
    claimed.set(request, { scope, key });
    request.idempotencyKey = `${scope}:${key}`;
    return false;
  };
  // Callback style: most requests carry no key and pass without a promise. A kept answer is sent
  // from the hook, which then must not call done.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[HEADER];
    const user = request.user;
    // The partner API claims its keys itself, once it knows the partner (scope partner:{id}).
    if (header === undefined || !user || !CHANGES_STATE.has(request.method) || request.routeOptions.config.endpoint?.auth === 'partner') return done();
    claimFor(request, user.id, reply, header).then((answered) => {
      if (!answered) done();
    }, done);
  });

  app.decorate('claimIdempotencyKey', (request: FastifyRequest, reply: FastifyReply, scope: string) =>
    claimFor(request, scope, reply, request.headers[HEADER]),
  );

  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, mine: { scope: string; key: string }) => {
    claimed.delete(request);
    try {
      // Failures on our side (and rate limits) are not answers: a retry must run again.
      if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') await releaseKey(db, mine.scope, mine.key);
      else await recordAnswer(db, mine.scope, mine.key, reply.statusCode, seal(secret, payload));
    } catch (err) {
      // The answer still goes out; a retry then takes the key over and the command, idempotent
      // by the same key, returns what it did the first time.
      log.warn({ err }, 'could not record the idempotent answer');
    }
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const mine = claimed.get(request);
    if (!mine) return done(null, payload);
    record(request, reply, payload, mine).then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });

  const purge = setInterval(() => void purgeExpiredKeys(db).catch(() => {}), 3_600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}

function replay(reply: FastifyReply, statusCode: number, body: string | null) {
  if (body === null)
    throw new ApiError(409, 'idempotency_key_unreadable', 'A resposta guardada para esta Idempotency-Key não pode mais ser lida. Use uma nova chave.');
  return reply.code(statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(body);
}
