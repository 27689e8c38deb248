import type { Queryable } from '../../infra/db/queryable.js';
import type { ReservationRow } from './queries.js';

// The partner API's reads of rm_reservations (issue 27 item 3): only the partner's own
// reservations (partner_id, migration 0033), newest first, a page per (created_at, id) keyset so
// a page never repeats or skips a row however many bookings land meanwhile.

/** The reservation's own columns the partner reads, and its end customer (migration 0033). */
export type PartnerReservationRow = Pick<
  ReservationRow,
  | 'id'
  | 'hub_id'
  | 'locker_size'
  | 'locker_order_number'
  | 'start_time'
  | 'end_time'
  | 'status'
  | 'price_cents'
  | 'price_per_hour_cents'
  | 'payment_method'
  | 'paid_at'
  | 'created_at'
> & {
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
};

export interface PartnerReservationQuery {
  partnerId: string;
  status?: string;
  hubId?: string;
  /** start_time at or after. */
  from?: Date;
  /** start_time before. */
  to?: Date;
  customerEmail?: string;
  /** The last row of the previous page. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

const COLUMNS = `id, hub_id, locker_size, locker_order_number, start_time, end_time, status, price_cents, price_per_hour_cents,
  payment_method, paid_at, created_at, customer_name, customer_email, customer_phone`;

export async function listPartnerReservationRows(db: Queryable, q: PartnerReservationQuery): Promise<PartnerReservationRow[]> {
  const values: unknown[] = [q.partnerId];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['partner_id = $1'];
  if (q.status) where.push(`status = ${param(q.status)}`);
  if (q.hubId) where.push(`hub_id = ${param(q.hubId)}`);
  if (q.from) where.push(`start_time >= ${param(q.from)}`);
  if (q.to) where.push(`start_time < ${param(q.to)}`);
  if (q.customerEmail) where.push(`customer_email = ${param(q.customerEmail)}`);
  if (q.after) where.push(`(created_at, id) < (${param(q.after.createdAt)}::timestamptz, ${param(q.after.id)}::uuid)`);
  const { rows } = await db.query<PartnerReservationRow>(
    `SELECT ${COLUMNS} FROM rm_reservations WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${param(q.limit)}`,
    values,
  );
  return rows;
}
