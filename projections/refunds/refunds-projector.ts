import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';

// Money, from the log alone (issue 28 item 4, ADR 0024):
// - rm_money_reservations: each reservation's renter, Hub and times (the CSV's and receipt's
//   context; it reads no other projector's tables, which may be behind or ahead of this one);
// - rm_money_movements: one row per payment, PIX paid late and settled refund, at its time: the
//   finance day (api/refunds/finance-csv.ts). Both are emptied and replayed by a rebuild.
// - refund_requests: every refund asked for, until settled: the refund processor's work list
//   (workers/refunds/). Kept by a rebuild: a replay inserts nothing twice (the refund id is the
//   key) and only moves a row to the status the log already says.

const TYPES: ReadonlySet<string> = new Set([
  'ReservationCreated',
  'PaymentConfirmed',
  'ReservationExtended',
  'LatePaymentReceived',
  'RefundRequested',
  'RefundSettled',
]);

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!TYPES.has(stored.type)) return;
  const event = { type: stored.type, data: stored.data } as ReservationEvent;
  switch (event.type) {
    case 'ReservationCreated': {
      const d = event.data;
      await client.query(
        `INSERT INTO rm_money_reservations (reservation_id, user_id, hub_id, start_time, end_time, partner_id, customer_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reservation_id) DO NOTHING`,
        [d.reservationId, d.userId, d.hubId, d.startTime, d.endTime, d.partnerId ?? null, d.customer?.name ?? null],
      );
      return;
    }
    // A booking's payment, or an extension's (paid as it is made): a payment of its own, at its time.
    case 'PaymentConfirmed':
    case 'ReservationExtended': {
      const d = event.data;
      await movement(client, stored.id, {
        at: d.paidAt,
        kind: 'payment',
        reservationId: d.reservationId,
        method: d.method,
        provider: d.provider ?? 'simulated',
        txid: d.txid ?? null,
        e2eid: d.e2eid ?? null,
        amountCents: d.amountCents,
      });
      if (event.type === 'ReservationExtended') {
        await client.query('UPDATE rm_money_reservations SET end_time = $2 WHERE reservation_id = $1', [d.reservationId, event.data.toEndTime]);
      }
      return;
    }
    case 'LatePaymentReceived': {
      const d = event.data;
      // Only a real PSP reports a late PIX.
      await movement(client, stored.id, {
        at: d.paidAt,
        kind: 'late_payment',
        reservationId: d.reservationId,
        method: 'pix',
        provider: 'bcb_pix',
        txid: d.txid,
        e2eid: d.e2eid,
        amountCents: d.amountCents,
      });
      return;
    }
    case 'RefundRequested': {
      const d = event.data;
      await client.query(
        `INSERT INTO refund_requests (refund_id, reservation_id, amount_cents, cause, provider, e2eid, requested_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (refund_id) DO NOTHING`,
        [d.refundId, d.reservationId, d.amountCents, d.cause, d.provider, d.e2eid, d.at],
      );
      return;
    }
    case 'RefundSettled': {
      const d = event.data;
      await client.query(`UPDATE refund_requests SET status = $2, settled_at = $3 WHERE refund_id = $1 AND status = 'requested'`, [d.refundId, d.status, d.at]);
      // The refund's own row: what it was asked for, with how it ended, at the time it ended.
      await client.query(
        `INSERT INTO rm_money_movements (event_id, at, kind, reservation_id, method, provider, txid, e2eid, refund_id, rtr_id, status, amount_cents)
         SELECT $1, $2, 'refund', $3, NULL, q.provider, NULL, q.e2eid, $4, $5, $6, q.amount_cents FROM refund_requests q WHERE q.refund_id = $4
         ON CONFLICT (event_id) DO NOTHING`,
        [stored.id, d.at, d.reservationId, d.refundId, d.rtrId, d.status],
      );
      return;
    }
    default:
      return;
  }
}

interface Movement {
  at: string;
  kind: 'payment' | 'late_payment';
  reservationId: string;
  method: string;
  provider: string;
  txid: string | null;
  e2eid: string | null;
  amountCents: number;
}

async function movement(client: PoolClient, eventId: string, m: Movement): Promise<void> {
  await client.query(
    `INSERT INTO rm_money_movements (event_id, at, kind, reservation_id, method, provider, txid, e2eid, amount_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (event_id) DO NOTHING`,
    [eventId, m.at, m.kind, m.reservationId, m.method, m.provider, m.txid, m.e2eid, m.amountCents],
  );
}

export const refundsProjector: Projector = {
  name: 'refunds',
  tables: ['rm_money_reservations', 'rm_money_movements'],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => TYPES.has(event.type),
};
