import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { SettingsEvent } from '../../domain/settings/settings-events.js';
import { SETTINGS_EVENT_TYPES } from '../../domain/settings/settings-events.js';
import type { ReservationSnapshot } from '../../domain/webhooks/reservation-snapshot.js';
import { evolveSnapshot, snapshotOf, webhookBody } from '../../domain/webhooks/reservation-snapshot.js';
import type { WebhookEvent } from '../../domain/webhooks/webhook-events.js';
import { WEBHOOK_ENDPOINT_EVENT_TYPES, WEBHOOK_TYPE_OF } from '../../domain/webhooks/webhook-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { BatchStatements } from '../batch-statements.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';
import { deliveryId } from './delivery-id.js';
import { WEBHOOK_NOTIFY_CHANNEL } from './delivery-queries.js';

// The webhooks outbox (issue 27 item 4, ADR 0021). From the log alone, deterministically:
// - rm_webhook_endpoints: each partner's endpoints (registered, changed, paused, removed);
// - rm_webhook_reservations: the partner reservations, with a snapshot of each (it reads no other
//   projector's tables: they may be behind or ahead of this one);
// - rm_webhook_switch: whether webhooks are on (SettingsChanged.webhooksEnabled; on by default);
// - rm_webhook_inactive_partners: partners deactivated (PartnerChanged), for whom nothing is queued;
// - webhook_deliveries: one row per event of a partner reservation per subscribed endpoint of that
//   partner that exists at that point of the log, with a deterministic id (a rebuild replays the
//   log and adds nothing twice). Those rows are not in `tables`: a rebuild keeps the delivery log.
// Each insert notifies the delivery workers (pg_notify, sent at commit).

/** Reservation events that change the snapshot or are delivered. */
const RESERVATION_TYPES: ReadonlySet<string> = new Set([
  'ReservationCreated',
  'PaymentConfirmed',
  'ReservationCancelled',
  'ReservationExpired',
  'ReservationFinalized',
  'ReservationMoved',
  'ReservationExtended', // changes the snapshot (end, price); not delivered itself
  'LeftForPickup',
  'PickupCompleted',
  'DoorOpened',
]);

async function applyEndpoint(client: PoolClient, event: WebhookEvent, at: string): Promise<void> {
  const { endpointId: id } = event.data;
  switch (event.type) {
    case 'WebhookEndpointRegistered':
      await client.query(
        `INSERT INTO rm_webhook_endpoints (id, partner_id, url, events, paused, secret_version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, false, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
        [id, event.data.partnerId, event.data.url, event.data.events, event.data.secretVersion, at],
      );
      return;
    case 'WebhookEndpointChanged':
      await client.query('UPDATE rm_webhook_endpoints SET events = $2, updated_at = $3 WHERE id = $1', [id, event.data.events, at]);
      return;
    case 'WebhookEndpointPaused':
      await client.query('UPDATE rm_webhook_endpoints SET paused = true, updated_at = $2 WHERE id = $1', [id, at]);
      return;
    case 'WebhookEndpointResumed':
      await client.query('UPDATE rm_webhook_endpoints SET paused = false, updated_at = $2 WHERE id = $1', [id, at]);
      // What waited while paused is due now, with a new retry window.
      await client.query(
        `WITH woken AS (
           UPDATE webhook_deliveries SET next_attempt_at = LEAST(next_attempt_at, $2), first_failed_at = NULL
            WHERE endpoint_id = $1 AND status = 'pending' RETURNING endpoint_id, reservation_id)
         SELECT pg_notify($3, w.endpoint_id || '/' || w.reservation_id) FROM (SELECT DISTINCT endpoint_id, reservation_id FROM woken) w`,
        [id, at, WEBHOOK_NOTIFY_CHANNEL],
      );
      await client.query('UPDATE webhook_endpoint_health SET failing_since = NULL WHERE endpoint_id = $1', [id]);
      return;
    case 'WebhookSecretRotated':
      await client.query('UPDATE rm_webhook_endpoints SET secret_version = $2, updated_at = $3 WHERE id = $1', [id, event.data.secretVersion, at]);
      return;
    case 'WebhookEndpointRemoved':
      await client.query('DELETE FROM rm_webhook_endpoints WHERE id = $1', [id]);
      return;
  }
}

async function applySettings(client: PoolClient, event: SettingsEvent): Promise<void> {
  const enabled = event.data.changes.webhooksEnabled;
  if (enabled === undefined) return;
  await client.query('INSERT INTO rm_webhook_switch (id, enabled) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET enabled = EXCLUDED.enabled', [enabled]);
}

async function applyReservation(client: PoolClient, stored: StoredEvent, event: ReservationEvent): Promise<void> {
  let snapshot: ReservationSnapshot;
  let partnerId: string;
  if (event.type === 'ReservationCreated') {
    if (!event.data.partnerId) return; // not a partner reservation: nothing to remember
    partnerId = event.data.partnerId;
    snapshot = snapshotOf(event);
    await client.query(
      'INSERT INTO rm_webhook_reservations (reservation_id, partner_id, snapshot) VALUES ($1, $2, $3) ON CONFLICT (reservation_id) DO UPDATE SET snapshot = EXCLUDED.snapshot',
      [snapshot.id, partnerId, JSON.stringify(snapshot)],
    );
  } else {
    const { rows } = await client.query<{ partner_id: string; snapshot: ReservationSnapshot }>(
      'SELECT partner_id, snapshot FROM rm_webhook_reservations WHERE reservation_id = $1',
      [event.data.reservationId],
    );
    const row = rows[0];
    if (!row) return;
    partnerId = row.partner_id;
    snapshot = evolveSnapshot(row.snapshot, event);
    if (snapshot !== row.snapshot) {
      await client.query('UPDATE rm_webhook_reservations SET snapshot = $2 WHERE reservation_id = $1', [snapshot.id, JSON.stringify(snapshot)]);
    }
  }
  const type = WEBHOOK_TYPE_OF[event.type];
  if (!type) return;
  const at = eventTime(stored);
  const { rows: endpoints } = await client.query<{ id: string }>(
    `SELECT e.id FROM rm_webhook_endpoints e
      WHERE e.partner_id = $1 AND $2 = ANY (e.events)
        AND COALESCE((SELECT enabled FROM rm_webhook_switch), true)
        AND NOT EXISTS (SELECT 1 FROM rm_webhook_inactive_partners i WHERE i.partner_id = $1)
      ORDER BY e.id`,
    [partnerId, type],
  );
  if (endpoints.length === 0) return;
  const body = webhookBody(stored.id, type, at, snapshot);
  await client.query(
    `WITH added AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, partner_id, reservation_id, event_id, event_type, position_tx, position_seq, body, created_at, next_attempt_at)
       SELECT d, e, $3, $4, $5, $6, $7, $8, $9, $10, $10 FROM unnest($1::uuid[], $2::uuid[]) AS x(d, e)
       ON CONFLICT (id) DO NOTHING RETURNING endpoint_id)
     SELECT pg_notify($11, a.endpoint_id || '/' || $4) FROM added a`,
    [
      endpoints.map((e) => deliveryId(e.id, stored.id)),
      endpoints.map((e) => e.id),
      partnerId,
      snapshot.id,
      stored.id,
      type,
      stored.position.tx.toString(),
      stored.position.seq.toString(),
      body,
      at,
      WEBHOOK_NOTIFY_CHANNEL,
    ],
  );
}

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  const at = eventTime(stored);
  // A removed partner's endpoints go with it: nothing more is queued or sent to them.
  if (stored.type === 'PartnerRemoved') {
    const { partnerId } = stored.data as { partnerId: string };
    await client.query('DELETE FROM rm_webhook_endpoints WHERE partner_id = $1', [partnerId]);
    await client.query('DELETE FROM rm_webhook_inactive_partners WHERE partner_id = $1', [partnerId]);
    return;
  }
  // A deactivated partner's endpoints get nothing while it is inactive (its token is refused too).
  if (stored.type === 'PartnerRegistered' || stored.type === 'PartnerChanged') {
    const { partnerId, details } = stored.data as { partnerId: string; details: { isActive?: boolean } };
    if (details.isActive === false) await client.query('INSERT INTO rm_webhook_inactive_partners (partner_id) VALUES ($1) ON CONFLICT DO NOTHING', [partnerId]);
    else await client.query('DELETE FROM rm_webhook_inactive_partners WHERE partner_id = $1', [partnerId]);
    return;
  }
  if (WEBHOOK_ENDPOINT_EVENT_TYPES.has(stored.type)) return applyEndpoint(client, { type: stored.type, data: stored.data } as WebhookEvent, at);
  if (SETTINGS_EVENT_TYPES.has(stored.type)) return applySettings(client, { type: stored.type, data: stored.data } as SettingsEvent);
  if (RESERVATION_TYPES.has(stored.type)) return applyReservation(client, stored, { type: stored.type, data: stored.data } as ReservationEvent);
}

/**
 * `apply` on each event in order, without the lookup per reservation event: the batch's partner
 * reservations are read once (most of the log is renters' reservations, which `apply` would look
 * up and find absent one round trip at a time; a rebuild replays millions of them).
 */
async function applyBatch(batch: BatchStatements, events: StoredEvent[]): Promise<void> {
  const client = await batch.now();
  const idOf = (event: StoredEvent) => String((event.data as { reservationId: string }).reservationId).toLowerCase();
  const looked = [...new Set(events.filter((e) => RESERVATION_TYPES.has(e.type) && e.type !== 'ReservationCreated').map(idOf))];
  const partners = new Set(
    looked.length === 0
      ? []
      : (
          await client.query<{ id: string }>('SELECT reservation_id::text AS id FROM rm_webhook_reservations WHERE reservation_id = ANY($1::uuid[])', [looked])
        ).rows.map((r) => r.id),
  );
  for (const event of events) {
    if (event.type === 'ReservationCreated') {
      if ((event.data as { partnerId?: string }).partnerId) partners.add(idOf(event));
    } else if (RESERVATION_TYPES.has(event.type) && !partners.has(idOf(event))) continue; // apply would find no row
    await apply(client, event);
  }
}

export const webhooksProjector: Projector = {
  name: 'webhooks',
  tables: ['rm_webhook_endpoints', 'rm_webhook_reservations', 'rm_webhook_switch', 'rm_webhook_inactive_partners'],
  apply,
  applyBatch,
  // Most of the log is bookings by renters: a ReservationCreated without a partner is not this
  // projector's, so a batch of them only moves its checkpoint.
  accepts: (event) =>
    event.type === 'ReservationCreated'
      ? Boolean((event.data as { partnerId?: string }).partnerId)
      : RESERVATION_TYPES.has(event.type) ||
        WEBHOOK_ENDPOINT_EVENT_TYPES.has(event.type) ||
        SETTINGS_EVENT_TYPES.has(event.type) ||
        event.type === 'PartnerRegistered' ||
        event.type === 'PartnerChanged' ||
        event.type === 'PartnerRemoved',
};
