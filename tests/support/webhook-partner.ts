// A partner with its API token, made as the dashboard makes it, and its reservations' events
// appended straight to the log (to drive every event kind without the API): what the
// webhooks projector turns into deliveries.
import { randomUUID } from 'node:crypto';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import type { TestApp } from './test-app.js';
import { registerHub, signUp } from './test-app.js';

export interface WebhookPartner {
  id: string;
  token: string;
  headers: Record<string, string>;
  email: string;
}

export async function makePartner(t: TestApp, admin: { headers: Record<string, string> }, name = 'Aurora'): Promise<WebhookPartner> {
  const email = `contato-${randomUUID().slice(0, 8)}@${name.toLowerCase()}.com.br`;
  const made = await t.app.inject({ method: 'POST', url: '/api/partners', headers: admin.headers, payload: { name, email, company_name: `${name} Ltda` } });
  if (made.statusCode !== 201) throw new Error(`partner: ${made.statusCode} ${made.body}`);
  const id = made.json().id as string;
  const issued = await t.app.inject({ method: 'POST', url: `/api/partners/${id}/generate-token`, headers: admin.headers });
  if (issued.statusCode !== 200) throw new Error(`token: ${issued.statusCode} ${issued.body}`);
  const token = issued.json().token as string;
  return { id, token, headers: { authorization: `Bearer ${token}` }, email };
}

export const adminOf = (t: TestApp) => signUp(t, 'Administradora', 'admin');

/** A Hub with one M locker for the partner's bookings; returns its id and the locker's. */
export async function partnerHub(t: TestApp, hubId: string) {
  const [lockerId] = await registerHub(t.store, hubId, [{ size: 'M', priceCents: 600 }]);
  return { hubId, lockerId: lockerId! };
}

const meta = (at: Date) => ({ actor: { id: 'partner-api', role: 'partner_api' }, correlationId: randomUUID(), causationId: null, at: at.toISOString() });

/** Appends a reservation event to its stream (as the partner API's commands would). */
export async function appendReservationEvent(t: TestApp, reservationId: string, type: string, data: Record<string, unknown>, at = new Date()) {
  const event = { id: randomUUID(), type, data: { reservationId, ...data }, metadata: meta(at) };
  const { position } = await t.store.append(reservationStreamId(reservationId), [event], 'any');
  return { eventId: event.id, position };
}

/** ReservationCreated by the partner for its end customer; returns the reservation id and event id. */
export async function partnerBooking(t: TestApp, partnerId: string | undefined, hub: { hubId: string; lockerId: string }) {
  const reservationId = randomUUID();
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const { eventId, position } = await appendReservationEvent(t, reservationId, 'ReservationCreated', {
    userId: randomUUID(),
    hubId: hub.hubId,
    lockerId: hub.lockerId,
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    pricePerHourCents: 600,
    priceCents: 1200,
    periods: [start.toISOString().slice(0, 10)],
    paymentDueAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...(partnerId ? { partnerId, customer: { name: 'Ana Souza', email: 'ana@example.com' } } : {}),
  });
  return { reservationId, eventId, position };
}

export const paid = (t: TestApp, reservationId: string) =>
  appendReservationEvent(t, reservationId, 'PaymentConfirmed', { method: 'pix', amountCents: 1200, paidAt: new Date().toISOString() });
export const cancelled = (t: TestApp, reservationId: string) =>
  appendReservationEvent(t, reservationId, 'ReservationCancelled', { at: new Date().toISOString(), reason: 'customer' });
