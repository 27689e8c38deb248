import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';

// The refunds projector's tables as the refund processor, the receipts and the finance CSV read
// them (projections/refunds/refunds-projector.ts). Only this module and the projector name them.

/** The rebuilt tables, for the city seed's bulk writer (api/seed/scale/money-fold.ts). */
export const MONEY_RESERVATIONS_TABLE = 'rm_money_reservations';
export const MONEY_MOVEMENTS_TABLE = 'rm_money_movements';

export interface RefundRequestRow {
  refund_id: string;
  reservation_id: string;
  amount_cents: number;
  cause: string;
  provider: string;
  e2eid: string | null;
  status: string;
  attempts: number;
}

/**
 * Claims up to `limit` refunds due now: each goes to one caller (SKIP LOCKED), and is not due again
 * for `leaseMs`, so a process that dies while carrying it out leaves it to another after the lease.
 */
export async function claimDueRefunds(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<RefundRequestRow[]> {
  const { rows } = await db.query<RefundRequestRow>(
    `UPDATE refund_requests q SET attempts = q.attempts + 1, next_attempt_at = $2
      WHERE q.refund_id IN (
        SELECT refund_id FROM refund_requests WHERE status = 'requested' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING q.refund_id, q.reservation_id, q.amount_cents, q.cause, q.provider, q.e2eid, q.status, q.attempts`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

/** Not settled yet (the PSP failed, or is still processing): due again at `at`. */
export async function refundDueAgain(db: Queryable, refundId: string, at: Date, error: string | null): Promise<void> {
  await db.query(`UPDATE refund_requests SET next_attempt_at = $2, last_error = $3 WHERE refund_id = $1 AND status = 'requested'`, [refundId, at, error]);
}

/** Settled in the log: off the work list now (the projector says the same when it gets there). */
export async function refundSettledRow(db: Queryable, refundId: string, status: string, at: string): Promise<void> {
  await db.query(`UPDATE refund_requests SET status = $2, settled_at = $3, last_error = NULL WHERE refund_id = $1 AND status = 'requested'`, [
    refundId,
    status,
    at,
  ]);
}

export interface ReceiptRow {
  refund_id: string;
  amount_cents: number;
  cause: string;
  settled_at: Date;
  reservation_id: string;
  start_time: Date;
  end_time: Date;
  hub_id: string;
  hub_name: string | null;
  user_name: string | null;
  user_email: string | null;
}

/**
 * Claims up to `limit` refunds returned (DEVOLVIDO) whose receipt is not sent, for `leaseMs`: a
 * receipt goes to one process at a time; a process that dies before marking it sent leaves it to
 * another after the lease (at worst one receipt twice, never none).
 */
export async function claimDueReceipts(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<ReceiptRow[]> {
  const { rows } = await db.query<ReceiptRow>(
    `WITH due AS (
       SELECT q.refund_id FROM refund_requests q LEFT JOIN refund_receipts r ON r.refund_id = q.refund_id
        WHERE q.status = 'DEVOLVIDO' AND r.sent_at IS NULL AND (r.claimed_until IS NULL OR r.claimed_until <= $1)
        ORDER BY q.settled_at LIMIT $3),
     claimed AS (
       INSERT INTO refund_receipts (refund_id, claimed_until) SELECT refund_id, $2 FROM due
       ON CONFLICT (refund_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
        WHERE refund_receipts.sent_at IS NULL AND refund_receipts.claimed_until <= $1
       RETURNING refund_id)
     SELECT q.refund_id, q.amount_cents, q.cause, q.settled_at, q.reservation_id, m.start_time, m.end_time, m.hub_id,
            h.name AS hub_name, u.name AS user_name, u.email AS user_email
       FROM claimed c JOIN refund_requests q ON q.refund_id = c.refund_id
       LEFT JOIN rm_money_reservations m ON m.reservation_id = q.reservation_id
       LEFT JOIN ${HUBS_TABLE} h ON h.id = m.hub_id
       LEFT JOIN users u ON u.id = m.user_id`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

export async function receiptSent(db: Queryable, refundId: string, at: Date): Promise<void> {
  await db.query('UPDATE refund_receipts SET sent_at = $2 WHERE refund_id = $1', [refundId, at]);
}

/** A receipt that could not go (no address, the mail server refused): due again at `at`. */
export async function receiptDueAgain(db: Queryable, refundId: string, at: Date): Promise<void> {
  await db.query('UPDATE refund_receipts SET claimed_until = $2 WHERE refund_id = $1 AND sent_at IS NULL', [refundId, at]);
}

export interface MoneyMovementRow {
  at: Date;
  kind: 'payment' | 'late_payment' | 'refund';
  reservation_id: string;
  method: string | null;
  provider: string;
  txid: string | null;
  e2eid: string | null;
  refund_id: string | null;
  status: string | null;
  amount_cents: number;
  renter_name: string | null;
  renter_email: string | null;
  partner_id: string | null;
  customer_name: string | null;
}

/** Every payment and settled refund in [from, to), oldest first, with the renter's name. */
export async function moneyMovementsBetween(db: Queryable, from: Date, to: Date): Promise<MoneyMovementRow[]> {
  const { rows } = await db.query<MoneyMovementRow>(
    `SELECT mv.at, mv.kind, mv.reservation_id, mv.method, mv.provider, mv.txid, mv.e2eid, mv.refund_id, mv.status, mv.amount_cents,
            u.name AS renter_name, u.email AS renter_email, m.partner_id, m.customer_name
       FROM rm_money_movements mv
       LEFT JOIN rm_money_reservations m ON m.reservation_id = mv.reservation_id
       LEFT JOIN users u ON u.id = m.user_id
      WHERE mv.at >= $1 AND mv.at < $2
      ORDER BY mv.at, mv.event_id`,
    [from, to],
  );
  return rows;
}
