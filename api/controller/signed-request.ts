import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { REPLAY_MEMORY_SECONDS, timestampProblem } from '../../domain/doors/controller-timestamp.js';
import type { ReplayStore } from '../../infra/replay/replay-store.js';
import { createPostgresReplayStore, createRedisReplayStore } from '../../infra/replay/replay-store.js';
import { ControllerMessages } from '../../contract/controller/controller-endpoints.js';
import { ApiError, RetryLaterError } from '../http/errors.js';
import type { ControllerHub } from './controller-hub.js';
import { controllerSignature, signatureHex, signatureMatches } from './controller-signature.js';

// The check every signed controller call goes through (ADR 0008): a known Hub, a timestamp inside
// the window, a signature by the Hub's key over the exact bytes received, never seen before. One
// replay memory for all of a process's controller routes, shared with the other processes.

const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const retryLater = () => new RetryLaterError(503, 'unavailable', ControllerMessages.unavailable, 1);

export function defaultReplayStore(db: Pool): ReplayStore {
  const url = process.env.REDIS_URL;
  if (!url) return createPostgresReplayStore(db);
  // Fail fast while Redis is down: the request is refused (503) rather than left waiting.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', () => {});
  return createRedisReplayStore(redis);
}

/** The routes' replay memory: the one given, or a default one closed with the app. */
export function replayStoreFor(app: FastifyInstance, opts: { db: Pool; replay?: ReplayStore }): ReplayStore {
  if (opts.replay) return opts.replay;
  const replay = defaultReplayStore(opts.db);
  app.addHook('onClose', async () => replay.close());
  return replay;
}

async function firstSeen(replay: ReplayStore, key: string, now: Date): Promise<boolean> {
  try {
    return await replay.firstSeen(key, REPLAY_MEMORY_SECONDS, now);
  } catch {
    throw retryLater();
  }
}

/** Throws the 401 the request deserves, or returns when the Hub signed it (and never before). */
export async function assertSignedByHub(replay: ReplayStore, hub: ControllerHub, request: FastifyRequest, raw: Buffer, now: Date): Promise<void> {
  const timestamp = request.headers['x-hub-timestamp'];
  const stamp = typeof timestamp === 'string' ? timestamp.trim() : undefined;
  const problem = timestampProblem(stamp, now.getTime());
  if (problem === 'missing') throw unauthorized('missing_timestamp', 'Informe o cabeçalho X-Hub-Timestamp (segundos Unix).');
  if (problem === 'stale') throw unauthorized('stale_timestamp', 'Horário da requisição fora da janela de 60 segundos.');
  const given = signatureHex(request.headers['x-hub-signature']);
  if (!given) throw unauthorized('missing_signature', 'Informe o cabeçalho X-Hub-Signature (sha256=<hex>).');
  const path = request.url.split('?')[0]!;
  if (!signatureMatches(controllerSignature(hub.secretKey, request.method, path, stamp!, raw), given)) {
    throw unauthorized('bad_signature', 'Assinatura inválida.');
  }
  if (!(await firstSeen(replay, `${hub.id}:${given}`, now))) {
    throw unauthorized('replayed', 'Requisição repetida: assine de novo com um novo horário.');
  }
}
