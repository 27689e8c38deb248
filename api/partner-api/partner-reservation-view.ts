import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import type { PartnerReservationView, PartnerReservationsFilter } from '../../contract/partner-api/partner-api-reservations.js';
import type { PartnerCustomer } from '../../domain/reservations/reservation-events.js';
import type { PartnerReservationRow } from '../../projections/reservations/partner-queries.js';
import { ApiError } from '../http/errors.js';
import { reservationFromEvents } from '../reservations/reservation-from-log.js';

// A partner's reservation on the wire (contract/partner-api/partner-api-reservations.ts), from a
// read-model row (the list) or from the reservation's own events (one reservation: always as
// current as its stream, whatever the projections' lag), and the list's opaque cursor.

export function partnerViewOfRow(r: PartnerReservationRow): PartnerReservationView {
  return {
    id: r.id,
    hub_id: r.hub_id,
    size: r.locker_size as PartnerReservationView['size'],
    locker_number: r.locker_order_number,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
    status: r.status as PartnerReservationView['status'],
    price: r.price_cents,
    price_per_hour: r.price_per_hour_cents,
    payment_method: r.payment_method as PartnerReservationView['payment_method'],
    paid_at: r.paid_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    customer: { name: r.customer_name ?? '', email: r.customer_email, phone: r.customer_phone },
  };
}

export interface PartnerReservationFromLog {
  partnerId: string | null;
  view: PartnerReservationView;
}

/** The reservation as its events tell it, with the partner that booked it (null: not a partner's). */
export function partnerViewOfLog(log: readonly TimedReservationEvent[]): PartnerReservationFromLog | null {
  const row = reservationFromEvents(log);
  const created = log[0]?.event;
  if (!row || created?.type !== 'ReservationCreated') return null;
  const customer: PartnerCustomer = created.data.customer ?? { name: '' };
  return {
    partnerId: created.data.partnerId ?? null,
    view: partnerViewOfRow({
      ...row,
      customer_name: customer.name,
      customer_email: customer.email ?? null,
      customer_phone: customer.phone ?? null,
    }),
  };
}

/** The cursor after a row: opaque to the partner (base64url of its created_at and id). */
export const cursorAfter = (view: Pick<PartnerReservationView, 'created_at' | 'id'>) => Buffer.from(`${view.created_at}|${view.id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row a cursor names, or null when it is not one of ours. */
export function readCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/**
 * The list's filter as both implementations (live and sandbox) query it, with one row more than
 * the page, which says whether there is a next one; 400 for a cursor that is not ours.
 */
export function listQueryOf(filter: PartnerReservationsFilter) {
  const after = filter.cursor === undefined ? undefined : readCursor(filter.cursor);
  if (after === null) throw new ApiError(400, 'invalid_cursor', 'Cursor inválido.');
  return {
    status: filter.status,
    hubId: filter.hub_id?.toUpperCase(),
    from: filter.from ? new Date(filter.from) : undefined,
    to: filter.to ? new Date(filter.to) : undefined,
    customerEmail: filter.customer_email,
    after,
    limit: filter.limit + 1,
  };
}

/** One page of views fetched with listQueryOf's limit, and the cursor of the next if any. */
export function pageOf<V extends Pick<PartnerReservationView, 'created_at' | 'id'>>(views: V[], filter: Pick<PartnerReservationsFilter, 'limit'>) {
  const data = views.slice(0, filter.limit);
  return { data, next_cursor: views.length > filter.limit ? cursorAfter(data.at(-1)!) : null };
}
