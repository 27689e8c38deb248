// The renter's e-mail about a payment: the receipt once it paid a reservation or an extension, the
// notice when a PIX came too late and goes back. Sent by the process whose append recorded the payment (the event store
// lets exactly one append write it), so several API replicas send it once; after the answer's
// work, a failed send is logged and not retried (ADR 0022).
import type { Pool } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { PaidReservation } from '../../infra/mail/receipt-templates.js';
import { latePaymentMessage, paymentReceiptMessage } from '../../infra/mail/receipt-templates.js';
import { currentReservation } from '../reservations/reservation-from-log.js';

export interface PaymentMail {
  /** Mails what these just-written events call for (a payment, a late payment); never throws. */
  afterWrite(reservationId: string, events: readonly ReservationEvent[], opts?: { test?: boolean }): void;
  /** Resolves once every mail begun has been sent or has failed. */
  idle(): Promise<void>;
}

export function createPaymentMail(deps: { db: Pool; store: EventStore; mailer: Mailer; log: { error(obj: object, msg: string): void } }): PaymentMail {
  const inFlight = new Set<Promise<void>>();

  async function send(reservationId: string, events: readonly ReservationEvent[], test: boolean) {
    const row = await currentReservation(deps.db, deps.store, reservationId);
    if (!row) return;
    const { rows } = await deps.db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [row.user_id]);
    const to = rows[0];
    if (!to) return; // a partner's customer (no account) or an erased account
    const reservation: PaidReservation = {
      reservationId,
      hubName: row.hub_name ?? row.hub_id,
      hubId: row.hub_id,
      lockerNumber: row.locker_order_number,
      startTime: row.start_time.toISOString(),
      endTime: row.end_time.toISOString(),
    };
    for (const event of events) {
      if (event.type === 'PaymentConfirmed' && (event.data.method === 'pix' || event.data.method === 'credit_card')) {
        const d = event.data;
        const method = d.method === 'pix' ? 'pix' : 'credit_card';
        await deps.mailer.send(
          paymentReceiptMessage(to, reservation, {
            amountCents: d.amountCents,
            paidAt: d.paidAt,
            method,
            txid: d.txid,
            e2eid: d.e2eid,
            test: test || d.provider === 'simulated',
          }),
        );
      }
      // An extension is a payment of its own (paid as it is made, or by its PIX): its own receipt.
      if (event.type === 'ReservationExtended' && (event.data.method === 'pix' || event.data.method === 'credit_card')) {
        const d = event.data;
        await deps.mailer.send(
          paymentReceiptMessage(
            to,
            { ...reservation, endTime: d.toEndTime },
            {
              amountCents: d.amountCents,
              paidAt: d.paidAt,
              method: d.method === 'pix' ? 'pix' : 'credit_card',
              txid: d.txid,
              e2eid: d.e2eid,
              test: test || d.provider === 'simulated',
            },
          ),
        );
      }
      if (event.type === 'LatePaymentReceived') await deps.mailer.send(latePaymentMessage(to, reservation, event.data));
    }
  }

  return {
    afterWrite(reservationId, events, opts = {}) {
      if (!events.some((e) => e.type === 'PaymentConfirmed' || e.type === 'ReservationExtended' || e.type === 'LatePaymentReceived')) return;
      const sending = send(reservationId, events, opts.test ?? false)
        .catch((err: unknown) => deps.log.error({ err, reservationId }, 'payment recorded but the renter was not mailed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
