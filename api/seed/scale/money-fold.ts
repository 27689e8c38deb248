import type { ClientBase } from 'pg';
import type { ReservationEvent } from '../../../domain/reservations/reservation-events.js';
import { MONEY_MOVEMENTS_TABLE, MONEY_RESERVATIONS_TABLE } from '../../../projections/refunds/refund-queries.js';
import type { Batcher } from './batcher.js';
import type { LogEvent } from './event-log.js';
import type { Columns } from './write-read-models.js';
import { copyRowWriter } from './write-read-models.js';

// The refunds projector's rebuilt tables (projections/refunds/, migration 0041) folded from the
// generated events, as the projector would write them: each booking's renter, Hub and times, and
// one movement per payment. The city asks for no refunds (its cancellations decide through
// reservationDecider alone), so refund_requests stays empty.

interface MoneyReservationRow {
  reservation_id: string;
  user_id: string;
  hub_id: string;
  start_time: string;
  end_time: string;
  partner_id: string | null;
  customer_name: string | null;
}

interface MoneyMovementRow {
  event_id: string;
  at: string;
  kind: 'payment';
  reservation_id: string;
  method: string;
  provider: string;
  txid: string | null;
  e2eid: string | null;
  amount_cents: number;
}

const RESERVATION_COLUMNS: Columns<MoneyReservationRow> = [
  ['reservation_id', 'uuid'],
  ['user_id', 'uuid'],
  ['hub_id', 'text'],
  ['start_time', 'timestamptz'],
  ['end_time', 'timestamptz'],
  ['partner_id', 'uuid'],
  ['customer_name', 'text'],
];

const MOVEMENT_COLUMNS: Columns<MoneyMovementRow> = [
  ['event_id', 'uuid'],
  ['at', 'timestamptz'],
  ['kind', 'text'],
  ['reservation_id', 'uuid'],
  ['method', 'text'],
  ['provider', 'text'],
  ['txid', 'text'],
  ['e2eid', 'text'],
  ['amount_cents', 'int4'],
];

export interface MoneyFold {
  add(event: LogEvent): void;
  writers: Batcher<unknown>[];
}

export function createMoneyFold(client: ClientBase): MoneyFold {
  const reservations = copyRowWriter(client, MONEY_RESERVATIONS_TABLE, RESERVATION_COLUMNS);
  const movements = copyRowWriter(client, MONEY_MOVEMENTS_TABLE, MOVEMENT_COLUMNS);
  return {
    writers: [reservations, movements] as Batcher<unknown>[],
    add({ event: raw, eventId }) {
      const event = raw as ReservationEvent;
      if (event.type === 'ReservationCreated') {
        const d = event.data;
        reservations.add({
          reservation_id: d.reservationId,
          user_id: d.userId,
          hub_id: d.hubId,
          start_time: d.startTime,
          end_time: d.endTime,
          partner_id: d.partnerId ?? null,
          customer_name: d.customer?.name ?? null,
        });
      } else if (event.type === 'PaymentConfirmed') {
        const d = event.data;
        movements.add({
          event_id: eventId,
          at: d.paidAt,
          kind: 'payment',
          reservation_id: d.reservationId,
          method: d.method,
          provider: d.provider ?? 'simulated',
          txid: d.txid ?? null,
          e2eid: d.e2eid ?? null,
          amount_cents: d.amountCents,
        });
      }
    },
  };
}
