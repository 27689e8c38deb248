import type { HubEvent } from '../../../domain/hubs/hub-events.js';
import type { ReservationEvent } from '../../../domain/reservations/reservation-events.js';
import { asUuid } from '../../../projections/history/history-kinds.js';
import type { ActorFacts, HistoryRow } from '../../../projections/history/history-rows.js';
import { actorFacts } from '../../../projections/history/history-rows.js';
import type { LockerMemory } from '../../../projections/history/hub-facts.js';
import { hubRegisteredRow, installedFact } from '../../../projections/history/hub-facts.js';
import { lockerHistoryProjector } from '../../../projections/history/locker-history-projector.js';
import { bookedRow, followUpFact } from '../../../projections/history/reservation-facts.js';
import type { LogEvent } from './event-log.js';
import { acceptedBy, notFolded } from './fold-guard.js';

// The locker history projector (projections/history/) folded in memory from the events the seed
// generates, through the projector's own pure helpers: the rm_locker_history rows of each event
// (their (tx, seq) come later, when the event's batch is committed: history-row-writer.ts), its
// memory of every locker (rm_locker_history_lockers, written at the end) and of every reservation
// (rm_locker_history_reservations, written when booked; kept in memory only while it is open).

/** An event's history rows, waiting for the event's position. */
export interface PendingHistory {
  /** The event's place in the generated log, from 0. */
  ordinal: number;
  eventId: string;
  at: string;
  actor: ActorFacts;
  rows: HistoryRow[];
}

export interface HistoryLockerRow extends LockerMemory {
  locker_id: string;
  hub_id: string;
}

export interface HistoryReservationRow {
  reservation_id: string;
  hub_id: string;
  locker_id: string;
  user_id: string | null;
  start_time: string;
  end_time: string;
  booked_at: string;
}

export interface HistoryFold {
  add(event: LogEvent, ordinal: number): void;
  /** rm_locker_history_lockers, after the last event. */
  lockerRows(): HistoryLockerRow[];
}

type Remembered = Pick<HistoryReservationRow, 'hub_id' | 'locker_id' | 'user_id'>;

const HUB_EVENTS: readonly string[] = ['HubRegistered', 'LockerInstalled'];
/** The follow-up events this fold has seen the seed make; any other the projector applies stops it. */
const HANDLED = new Set<string>(['PaymentConfirmed', 'AccessCodeIssued', 'ReservationFinalized', 'ReservationExpired', 'ReservationCancelled']);
const CLOSING: readonly string[] = ['ReservationFinalized', 'ReservationExpired', 'ReservationCancelled'];

export function createHistoryFold(out: { rows(pending: PendingHistory): void; reservation(row: HistoryReservationRow): void }): HistoryFold {
  const lockers = new Map<string, HistoryLockerRow>();
  const open = new Map<string, Remembered>();

  function rowsOf(event: LogEvent): HistoryRow[] {
    if (HUB_EVENTS.includes(event.type)) {
      const hubEvent = event.event as HubEvent;
      if (hubEvent.type === 'HubRegistered') return [hubRegisteredRow(hubEvent.data)];
      if (hubEvent.type !== 'LockerInstalled') throw notFolded(lockerHistoryProjector, event);
      const d = hubEvent.data;
      const { memory, row } = installedFact(d);
      if (!lockers.has(d.lockerId)) lockers.set(d.lockerId, { locker_id: d.lockerId, hub_id: d.hubId, ...memory });
      return [row];
    }
    const reservation = event.event as ReservationEvent;
    if (reservation.type === 'ReservationMoved') throw notFolded(lockerHistoryProjector, event);
    if (reservation.type === 'ReservationCreated') {
      const d = reservation.data;
      if (open.has(d.reservationId)) throw notFolded(lockerHistoryProjector, event, 'it books a reservation id twice');
      const row: HistoryReservationRow = {
        reservation_id: d.reservationId,
        hub_id: d.hubId,
        locker_id: d.lockerId,
        user_id: asUuid(d.userId),
        start_time: d.startTime,
        end_time: d.endTime,
        booked_at: event.meta.at,
      };
      open.set(d.reservationId, { hub_id: row.hub_id, locker_id: row.locker_id, user_id: row.user_id });
      out.reservation(row);
      return [bookedRow(d)];
    }
    if (!HANDLED.has(reservation.type)) throw notFolded(lockerHistoryProjector, event);
    const followUp = reservation;
    const reservationId = asUuid(followUp.data.reservationId);
    if (!reservationId) return [];
    const known = open.get(reservationId);
    // The projector would find the reservation in its table; this fold forgets it once it closes.
    if (!known) throw notFolded(lockerHistoryProjector, event, `reservation ${reservationId} is not open in the fold`);
    if (CLOSING.includes(followUp.type)) open.delete(reservationId);
    const { kind, data } = followUpFact(followUp);
    return [
      {
        kind,
        hubId: known.hub_id,
        lockerId: known.locker_id,
        lockerOrderNumber: lockers.get(known.locker_id)?.order_number ?? null,
        reservationId,
        renterId: known.user_id,
        data,
      },
    ];
  }

  return {
    add(event, ordinal) {
      if (!acceptedBy(lockerHistoryProjector, event)) return;
      const rows = rowsOf(event);
      if (rows.length) out.rows({ ordinal, eventId: event.eventId, at: event.meta.at, actor: actorFacts(event.meta), rows });
    },
    lockerRows: () => [...lockers.values()],
  };
}
