import { WEBHOOK_JOB } from '../../commands/job-names.js';
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { RetryPolicy } from '../../domain/webhooks/retry-policy.js';
import { DEFAULT_RETRY_POLICY } from '../../domain/webhooks/retry-policy.js';
import type { JobQueue } from '../../infra/queue/port.js';
import type { Chain } from '../../projections/webhooks/delivery-queries.js';
import { dueChains, WEBHOOK_NOTIFY_CHANNEL } from '../../projections/webhooks/delivery-queries.js';
import type { DeliveryDeps } from './deliver-chain.js';
import { deliverChain } from './deliver-chain.js';
import { everyRound } from '../rounds.js';
import { positiveMsFromEnv } from '../../infra/env-ms.js';

// The webhook delivery workers (ADR 0021): a BullMQ job per delivery chain, started when the
// projector's pg_notify says a chain has something new (LISTEN on a connection of their own), when
// a failed attempt's retry is due (the job schedules itself), and by a sweep on a timer that
// schedules every chain with a due delivery: a lost job, a Redis that forgot its jobs, a missed
// notification or a worker killed mid-POST lose nothing. Jobs carry fresh ids: two jobs of one
// chain are harmless (the chain's lock lets one send), a job id still held by a dead worker blocks
// nothing.

export { WEBHOOK_JOB };
export const DEFAULT_WEBHOOK_SWEEP_MS = 15_000;

export interface WebhookWorkerDeps extends Omit<DeliveryDeps, 'policy'> {
  queue: JobQueue;
  policy?: RetryPolicy;
  sweepIntervalMs?: number;
}

export interface WebhookWorkers {
  /** Schedules every chain with a due delivery now; resolves with how many. */
  sweepNow(): Promise<number>;
  close(): Promise<void>;
}

/** WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_WINDOW_MS and WEBHOOK_PAUSE_AFTER_MS over the defaults (30 s, 24 h, 24 h). */
export function retryPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): RetryPolicy {
  const ms = (name: string, fallback: number) => positiveMsFromEnv(env, name, fallback);
  return {
    baseMs: ms('WEBHOOK_RETRY_BASE_MS', DEFAULT_RETRY_POLICY.baseMs),
    capMs: DEFAULT_RETRY_POLICY.capMs,
    windowMs: ms('WEBHOOK_RETRY_WINDOW_MS', DEFAULT_RETRY_POLICY.windowMs),
    pauseAfterMs: ms('WEBHOOK_PAUSE_AFTER_MS', DEFAULT_RETRY_POLICY.pauseAfterMs),
  };
}

export async function startWebhookWorkers(deps: WebhookWorkerDeps): Promise<WebhookWorkers> {
  const full: DeliveryDeps = { ...deps, policy: deps.policy ?? DEFAULT_RETRY_POLICY };
  const log = deps.log ?? ((line: string) => console.log(line));
  let closing = false;
  const schedule = (chain: Chain, runAt: Date) =>
    deps.queue.schedule(WEBHOOK_JOB, { ...chain }, { runAt, jobId: `${chain.endpointId}/${chain.reservationId}/${randomUUID()}` });

  deps.queue.process<{ endpointId: string; reservationId: string }>(WEBHOOK_JOB, async (chain) => {
    const result = await deliverChain(full, chain);
    if (result.kind === 'wait') await schedule(chain, result.until);
  });

  // LISTEN on a client of its own; on a lost connection, listen again after a pause (the sweep
  // covers the gap).
  let listener: PoolClient | undefined;
  const onNotification = (message: { payload?: string }) => {
    const [endpointId, reservationId] = (message.payload ?? '').split('/');
    if (!endpointId || !reservationId || closing) return;
    schedule({ endpointId, reservationId }, new Date()).catch((error: unknown) => log(`[webhooks] scheduling failed: ${(error as Error).message}`));
  };
  let retryTimer: NodeJS.Timeout | undefined;
  const listen = async () => {
    if (closing) return;
    let client: PoolClient | undefined;
    try {
      client = await deps.db.connect();
      listener = client;
      client.on('notification', onNotification);
      const held = client;
      held.on('error', (error) => {
        if (listener !== held) return; // already given back by close()
        listener = undefined;
        log(`[webhooks] listener lost: ${error.message}`);
        held.removeListener('notification', onNotification);
        held.release(error);
        if (!closing) retryTimer = setTimeout(() => void listen(), 1000);
      });
      await client.query(`LISTEN ${WEBHOOK_NOTIFY_CHANNEL}`);
    } catch (error) {
      if (client && listener === client) {
        listener = undefined;
        client.removeListener('notification', onNotification);
        client.release(error as Error);
      }
      log(`[webhooks] LISTEN failed: ${(error as Error).message}`);
      if (!closing) retryTimer = setTimeout(() => void listen(), 1000);
    }
  };
  await listen();

  const sweepNow = async () => {
    const chains = await dueChains(deps.db, deps.clock());
    for (const chain of chains) await schedule(chain, new Date());
    return chains.length;
  };
  const sweeps = everyRound(deps.sweepIntervalMs ?? DEFAULT_WEBHOOK_SWEEP_MS, sweepNow, (error) => log(`[webhooks] sweep failed: ${error.message}`));

  return {
    sweepNow,
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      await sweeps.stop();
      if (listener) {
        const client = listener;
        listener = undefined;
        client.removeListener('notification', onNotification);
        await client.query(`UNLISTEN ${WEBHOOK_NOTIFY_CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}

/** WEBHOOK_SWEEP_INTERVAL_MS, default 15 s. */
export function webhookSweepIntervalFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveMsFromEnv(env, 'WEBHOOK_SWEEP_INTERVAL_MS', DEFAULT_WEBHOOK_SWEEP_MS);
}
