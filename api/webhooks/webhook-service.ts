import { createHash, randomUUID } from 'node:crypto';
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { decideWebhooks, loopbackWebhooksAllowed } from '../../commands/webhook-commands.js';
import { webhookSecret } from '../../commands/webhook-secret.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { checkedEvents } from '../../domain/webhooks/webhook-decide.js';
import type { WebhookActor } from '../../domain/webhooks/webhook-events.js';
import { webhookStreamId } from '../../domain/webhooks/webhook-events.js';
import { WebhookMessages } from '../../domain/webhooks/webhook-messages.js';
import type { DeliveryWithAttempts } from '../../projections/webhooks/delivery-queries.js';
import { deliveriesOf, replayDelivery } from '../../projections/webhooks/delivery-queries.js';
import type { WebhookEndpointRow } from '../../projections/webhooks/queries.js';
import { webhookEndpoint, webhookEndpointsOf } from '../../projections/webhooks/queries.js';
import { ApiError } from '../http/errors.js';
import { showPartnerWrite } from '../partners/partner-write-wait.js';

// What the partner API's and the dashboard's webhook routes do, once they know whose webhooks
// these are and who asks (a partner through its token, or a user). Writes answer once the webhooks
// projection has them, so the next list on any API process shows them.

export const DELIVERY_LOG_LIMIT = 100;

const IDEMPOTENCY_REUSED = 'Esta Idempotency-Key já foi usada em outra requisição.';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key of a partner-API write, checked as the idempotency plugin checks it. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, sem espaços.');
  return key;
}

const sameUrl = (stored: string, asked: string) => {
  try {
    return new URL(asked.trim()).toString() === stored;
  } catch {
    return false;
  }
};

/** A UUID-shaped id from the partner and its key (version 8). */
function keyedEndpointId(partnerId: string, key: string): string {
  const h = createHash('sha256').update(`webhook-endpoint:${partnerId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const endpointView = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  status: row.paused ? ('paused' as const) : ('active' as const),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const deliveryView = (d: Omit<DeliveryWithAttempts, 'attempt_log'> & { attempt_log?: DeliveryWithAttempts['attempt_log'] }) => ({
  id: d.id,
  event_id: d.event_id,
  event_type: d.event_type as ReturnType<typeof endpointView>['events'][number],
  reservation_id: d.reservation_id,
  status: d.status,
  attempts: d.attempts,
  created_at: d.created_at.toISOString(),
  next_attempt_at: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
  last_attempt_at: iso(d.last_attempt_at),
  last_status_code: d.last_status_code,
  last_latency_ms: d.last_latency_ms,
  last_error: d.last_error,
  delivered_at: iso(d.delivered_at),
  attempt_log: (d.attempt_log ?? []).map((a) => ({
    attempt: a.attempt,
    series: a.series,
    at: a.at.toISOString(),
    status_code: a.status_code,
    latency_ms: a.latency_ms,
    error: a.error,
  })),
});

type Deps = Pick<CommandDeps, 'db' | 'store' | 'codeSecret' | 'clock' | 'awaitProjections' | 'log'>;

export function webhookService(deps: Deps) {
  async function endpointOf(partnerId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await webhookEndpoint(deps.db, partnerId, id);
    if (!row) throw new ApiError(404, 'webhook_not_found', WebhookMessages.notFound);
    return row;
  }
  const stamp = (partnerId: string, endpointId: string, by: WebhookActor) => ({ partnerId, endpointId, by, at: deps.clock().toISOString() });

  return {
    list: async (partnerId: string) => (await webhookEndpointsOf(deps.db, partnerId)).map(endpointView),

    /**
     * With an Idempotency-Key the endpoint's id is derived from the partner and the key, so a
     * retry finds the endpoint it made and answers it again (its secret is derived too), and a
     * key reused for another URL or events is refused.
     */
    async register(partnerId: string, body: { url: string; events: string[] }, by: WebhookActor, ctx: CommandContext, idempotencyKey?: string) {
      const endpointId = idempotencyKey ? keyedEndpointId(partnerId, idempotencyKey) : randomUUID();
      const again = async () => {
        const row = await webhookEndpoint(deps.db, partnerId, endpointId);
        if (!row) throw new ApiError(422, 'idempotency_key_reused', IDEMPOTENCY_REUSED);
        const asked = checkedEvents(body.events);
        if (!sameUrl(row.url, body.url) || row.events.join() !== asked.join()) throw new ApiError(422, 'idempotency_key_reused', IDEMPOTENCY_REUSED);
        return { ...endpointView(row), secret: webhookSecret(deps.codeSecret, endpointId, row.secret_version) };
      };
      if (idempotencyKey && (await webhookEndpoint(deps.db, partnerId, endpointId))) return again();
      try {
        const { position } = await decideWebhooks(
          deps,
          {
            type: 'RegisterWebhookEndpoint',
            ...stamp(partnerId, endpointId, by),
            url: body.url,
            events: body.events,
            allowLoopback: loopbackWebhooksAllowed(),
          },
          idempotencyKey ? { ...ctx, idempotencyKey: `partner:${partnerId}:${idempotencyKey}` } : ctx,
        );
        await showPartnerWrite(deps, position);
      } catch (error) {
        // A concurrent request with the same key made it first.
        if (!(idempotencyKey && error instanceof DomainError && error.code === 'webhook_exists')) throw error;
        await deps.awaitProjections((await deps.store.readStream(webhookStreamId(partnerId))).at(-1)!.position, 5000).catch(() => false);
        return again();
      }
      const row = await endpointOf(partnerId, endpointId);
      return { ...endpointView(row), secret: webhookSecret(deps.codeSecret, endpointId, row.secret_version) };
    },

    async change(partnerId: string, id: string, body: { events?: string[]; paused?: boolean }, by: WebhookActor, ctx: CommandContext) {
      await endpointOf(partnerId, id);
      const { position } = await decideWebhooks(deps, { type: 'ChangeWebhookEndpoint', ...stamp(partnerId, id, by), ...body }, ctx);
      await showPartnerWrite(deps, position);
      return endpointView(await endpointOf(partnerId, id));
    },

    async remove(partnerId: string, id: string, by: WebhookActor, ctx: CommandContext) {
      await endpointOf(partnerId, id);
      const { position } = await decideWebhooks(deps, { type: 'RemoveWebhookEndpoint', ...stamp(partnerId, id, by) }, ctx);
      await showPartnerWrite(deps, position);
    },

    async rotate(partnerId: string, id: string, by: WebhookActor, ctx: CommandContext) {
      await endpointOf(partnerId, id);
      const { position, state } = await decideWebhooks(deps, { type: 'RotateWebhookSecret', ...stamp(partnerId, id, by) }, ctx);
      await showPartnerWrite(deps, position);
      const version = state.endpoints[id]?.secretVersion ?? 1;
      return { id, secret: webhookSecret(deps.codeSecret, id, version) };
    },

    async deliveries(partnerId: string, id: string) {
      await endpointOf(partnerId, id);
      return (await deliveriesOf(deps.db, id, DELIVERY_LOG_LIMIT)).map(deliveryView);
    },

    async replay(partnerId: string, id: string, deliveryId: string) {
      await endpointOf(partnerId, id);
      const row = await replayDelivery(deps.db, id, deliveryId, deps.clock());
      if (!row) throw new ApiError(404, 'delivery_not_found', WebhookMessages.deliveryNotFound);
      return deliveryView(row);
    },
  };
}
