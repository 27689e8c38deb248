import type { LockerSize } from '../../domain/hubs/hub-events.js';
import type { PartnerCustomer, ReservationStatus } from '../../domain/reservations/reservation-events.js';
import type { SandboxReservation } from '../../domain/sandbox/sandbox-reservation.js';
import type { PartnerReservationQuery } from '../../projections/reservations/partner-queries.js';
import type { Queryable } from '../../infra/db/queryable.js';

// The sandbox_reservations table (migration 0035), the only place sandbox bookings live: rows in,
// records out (domain/sandbox/sandbox-reservation.ts). Every query names the partner, so one
// partner's sandbox never reads another's.

interface Row {
  id: string;
  partner_id: string;
  hub_id: string;
  locker_id: string;
  locker_size: LockerSize;
  locker_number: number;
  start_time: Date;
  end_time: Date;
  price_per_hour_cents: number;
  price_cents: number;
  status: ReservationStatus;
  payment_due_at: Date | null;
  payment_method: 'sandbox' | null;
  amount_cents: number | null;
  paid_at: Date | null;
  customer: PartnerCustomer;
  created_at: Date;
  updated_at: Date;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);
const date = (t: number | null) => (t === null ? null : new Date(t));

const recordOf = (r: Row): SandboxReservation => ({
  id: r.id,
  partnerId: r.partner_id,
  hubId: r.hub_id,
  lockerId: r.locker_id,
  size: r.locker_size,
  lockerNumber: r.locker_number,
  startMs: r.start_time.getTime(),
  endMs: r.end_time.getTime(),
  pricePerHourCents: r.price_per_hour_cents,
  priceCents: r.price_cents,
  status: r.status,
  paymentDueMs: ms(r.payment_due_at),
  paymentMethod: r.payment_method,
  amountCents: r.amount_cents,
  paidAtMs: ms(r.paid_at),
  customer: r.customer,
  createdAtMs: r.created_at.getTime(),
  updatedAtMs: r.updated_at.getTime(),
});

/** Serializes a partner's sandbox writes until the transaction ends: the overlap check and the insert are one step. */
export async function lockPartnerSandbox(client: Queryable, partnerId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('sandbox:' || $1, 0))`, [partnerId]);
}

export async function insertSandbox(db: Queryable, r: SandboxReservation): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_reservations (id, partner_id, hub_id, locker_id, locker_size, locker_number, start_time, end_time, price_per_hour_cents,
       price_cents, status, payment_due_at, payment_method, amount_cents, paid_at, customer, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      r.id,
      r.partnerId,
      r.hubId,
      r.lockerId,
      r.size,
      r.lockerNumber,
      new Date(r.startMs),
      new Date(r.endMs),
      r.pricePerHourCents,
      r.priceCents,
      r.status,
      date(r.paymentDueMs),
      r.paymentMethod,
      r.amountCents,
      date(r.paidAtMs),
      JSON.stringify(r.customer),
      new Date(r.createdAtMs),
      new Date(r.updatedAtMs),
    ],
  );
}

/** Writes what a decision may change: status, payment and its due time. */
export async function updateSandbox(db: Queryable, r: SandboxReservation): Promise<void> {
  await db.query(
    `UPDATE sandbox_reservations SET status = $3, payment_due_at = $4, payment_method = $5, amount_cents = $6, paid_at = $7, updated_at = $8
      WHERE partner_id = $1 AND id = $2`,
    [r.partnerId, r.id, r.status, date(r.paymentDueMs), r.paymentMethod, r.amountCents, date(r.paidAtMs), new Date(r.updatedAtMs)],
  );
}

export async function sandboxById(db: Queryable, partnerId: string, id: string, forUpdate = false): Promise<SandboxReservation | null> {
  const { rows } = await db.query<Row>(`SELECT * FROM sandbox_reservations WHERE partner_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [
    partnerId,
    id,
  ]);
  return rows[0] ? recordOf(rows[0]) : null;
}

/** The partner's open reservations on a simulated Hub (all of them, or those overlapping a window). */
export async function openSandbox(db: Queryable, partnerId: string, hubId?: string): Promise<SandboxReservation[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM sandbox_reservations WHERE partner_id = $1 AND ($2::text IS NULL OR hub_id = $2) AND status IN ('pending', 'active')`,
    [partnerId, hubId ?? null],
  );
  return rows.map(recordOf);
}

/** Open reservations whose payment window or period is over at `now`: what settling may change. */
export async function dueSandbox(db: Queryable, partnerId: string, now: Date): Promise<SandboxReservation[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM sandbox_reservations WHERE partner_id = $1 AND status IN ('pending', 'active') AND (end_time <= $2 OR payment_due_at <= $2)`,
    [partnerId, now],
  );
  return rows.map(recordOf);
}

/** The live list's filter (partner-queries.ts), with the sandbox's own status type. */
export type SandboxFilter = Omit<PartnerReservationQuery, 'partnerId' | 'status'> & { status?: ReservationStatus };

/** The partner's reservations, newest first (created_at, id), filtered. */
export async function pageSandbox(db: Queryable, partnerId: string, f: SandboxFilter): Promise<SandboxReservation[]> {
  const where = ['partner_id = $1'];
  const values: unknown[] = [partnerId];
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(sql(`$${values.length}`));
  };
  if (f.status) add((n) => `status = ${n}`, f.status);
  if (f.hubId) add((n) => `hub_id = ${n}`, f.hubId.toUpperCase());
  if (f.from) add((n) => `start_time >= ${n}`, f.from);
  if (f.to) add((n) => `start_time < ${n}`, f.to);
  if (f.customerEmail) add((n) => `lower(customer->>'email') = ${n}`, f.customerEmail.toLowerCase());
  if (f.after) {
    values.push(f.after.createdAt, f.after.id);
    where.push(`(created_at, id) < ($${values.length - 1}, $${values.length})`);
  }
  values.push(f.limit);
  const { rows } = await db.query<Row>(
    `SELECT * FROM sandbox_reservations WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
    values,
  );
  return rows.map(recordOf);
}
