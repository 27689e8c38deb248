import type { CommandDeps } from '../../commands/deps.js';
import type { PartnerEvent } from '../../domain/partners/partner-events.js';
import { partnerStreamId } from '../../domain/partners/partner-events.js';
import type { PartnerHistoryEvent, PartnerHistoryItem } from '../../domain/partners/partner-history.js';
import { accountIdsIn, partnerHistory } from '../../domain/partners/partner-history.js';
import type { WebhookEvent } from '../../domain/webhooks/webhook-events.js';
import { webhookStreamId } from '../../domain/webhooks/webhook-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';

// GET /api/partners/{id}/history: the partner's two streams read whole from the event store (a
// partner's are short: a handful of admin acts, tokens and webhooks; no read model to keep in
// step), told by domain/partners/partner-history.ts, the accounts' names joined from users now.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const historyEvent = (stored: StoredEvent): PartnerHistoryEvent => ({
  id: stored.id,
  event: { type: stored.type, data: stored.data } as PartnerEvent | WebhookEvent,
  actor: stored.metadata.actor,
  at: stored.metadata.at,
  position: stored.position,
});

/** The history, newest first; null when the log never registered this partner (404). */
export async function readPartnerHistory(deps: Pick<CommandDeps, 'store' | 'db'>, partnerId: string): Promise<PartnerHistoryItem[] | null> {
  const [partner, webhooks] = await Promise.all([deps.store.readStream(partnerStreamId(partnerId)), deps.store.readStream(webhookStreamId(partnerId))]);
  if (!partner.some((e) => e.type === 'PartnerRegistered')) return null;
  const events = [...partner, ...webhooks].map(historyEvent);
  const ids = accountIdsIn(events).filter((id) => UUID.test(id));
  const { rows } = await deps.db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [ids]);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return partnerHistory(events, (id) => names.get(id) ?? null);
}
