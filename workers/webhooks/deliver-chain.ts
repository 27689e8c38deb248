import type { Pool } from 'pg';
import { decideWebhooks } from '../../commands/webhook-commands.js';
import { webhookSecret, webhookSignature } from '../../commands/webhook-secret.js';
import type { RetryPolicy } from '../../domain/webhooks/retry-policy.js';
import { nextAttemptAt, shouldPause } from '../../domain/webhooks/retry-policy.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { webhookPausedMessage } from '../../infra/mail/templates.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { Chain, ChainHead } from '../../projections/webhooks/delivery-queries.js';
import { chainHead, lockChain, recordAttempt } from '../../projections/webhooks/delivery-queries.js';
import { partnerById } from '../../projections/partners/queries.js';
import { workerContext } from '../worker-context.js';
import { postWebhook } from './post-webhook.js';

// One job per delivery chain (an endpoint and a reservation): send the chain's deliveries in the
// log's order, the earliest undelivered first, under the chain's lock and the head's row lock,
// held during the POST. Another worker (or replica) finding the chain locked leaves it to the
// holder; a worker killed mid-POST loses its transaction, so the delivery stays pending and the
// sweep or the next job sends it again (at least once; the receiver drops duplicates by id).

export interface DeliveryDeps {
  db: Pool;
  store: EventStore;
  codeSecret: string;
  clock: () => Date;
  policy: RetryPolicy;
  mailer: Mailer;
  /** The dashboard's address, for the paused-endpoint mail. */
  appUrl: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export type ChainResult = { kind: 'idle' } | { kind: 'busy' } | { kind: 'wait'; until: Date };

/** Sends what is due on the chain; answers when to look again (or that it is idle or busy elsewhere). */
export async function deliverChain(deps: DeliveryDeps, chain: Chain): Promise<ChainResult> {
  for (;;) {
    const step = await deliverHead(deps, chain);
    if (step.kind !== 'sent') return step;
    if (step.pauseSince) await pauseFailing(deps, step.head);
    if (step.retryAt) return { kind: 'wait', until: step.retryAt };
  }
}

type Step = ChainResult | { kind: 'sent'; head: ChainHead; retryAt: Date | null; pauseSince: Date | null };

async function deliverHead(deps: DeliveryDeps, chain: Chain): Promise<Step> {
  const client = await deps.db.connect();
  let broken: unknown;
  let open = false;
  try {
    await client.query('BEGIN');
    open = true;
    try {
      if (!(await lockChain(client, chain))) return { kind: 'busy' };
      const head = await chainHead(client, chain);
      if (!head || head.paused) return { kind: 'idle' }; // a paused endpoint's deliveries wait for its resume
      const now = deps.clock();
      if (head.next_attempt_at > now) return { kind: 'wait', until: head.next_attempt_at };
      const secret = webhookSecret(deps.codeSecret, head.endpoint_id, head.secret_version);
      const t = Math.floor(now.getTime() / 1000);
      const result = await postWebhook(
        head.url,
        head.body,
        { 'hub-signature': webhookSignature(secret, head.body, t), 'hub-webhook-id': head.event_id, 'hub-webhook-event': head.event_type },
        deps.timeoutMs,
      );
      const at = deps.clock();
      const firstFailed = head.first_failed_at ?? at;
      const retry = result.ok ? null : nextAttemptAt(deps.policy, head.series_failures + 1, firstFailed.getTime(), at.getTime());
      const status = result.ok ? 'delivered' : retry === null ? 'failed' : 'pending';
      const failingSince = await recordAttempt(client, head, {
        at,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        error: result.error,
        status,
        nextAttemptAt: retry === null ? null : new Date(retry),
      });
      await client.query('COMMIT');
      open = false;
      const pauseSince = failingSince && shouldPause(deps.policy, failingSince.getTime(), at.getTime()) ? failingSince : null;
      return { kind: 'sent', head, retryAt: retry === null ? null : new Date(retry), pauseSince };
    } finally {
      if (open) await client.query('ROLLBACK');
    }
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}

async function pauseFailing(deps: DeliveryDeps, head: ChainHead): Promise<void> {
  const now = deps.clock();
  const { events } = await decideWebhooks(
    deps,
    {
      type: 'PauseFailingWebhookEndpoint',
      partnerId: head.partner_id,
      endpointId: head.endpoint_id,
      by: { kind: 'worker', id: 'webhooks' },
      at: now.toISOString(),
    },
    workerContext(now, `webhook-pause-${head.endpoint_id}`),
  ).catch((error: unknown) => {
    deps.log?.(`[webhooks] pausing ${head.endpoint_id} failed: ${(error as Error).message}`);
    return { events: [] };
  });
  if (events.length === 0) return; // already paused (or removed): told once
  const partner = await partnerById(deps.db, head.partner_id);
  if (!partner) return;
  await deps.mailer
    .send(webhookPausedMessage({ name: partner.name, email: partner.email }, head.url, `${deps.appUrl}/dashboard/partners/${partner.id}`))
    .catch((error: unknown) => deps.log?.(`[webhooks] pause notice to ${partner.email} failed: ${(error as Error).message}`));
}
