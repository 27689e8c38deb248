import type { HubState } from '../hubs/hub-events.js';
import type { LockerSize } from '../hubs/hub-events.js';
import type { MoveDecision } from '../reservations/move-reservation.js';
import { decideMove } from '../reservations/move-reservation.js';
import { reservationDecider } from '../reservations/reservation-decide.js';
import { ReservationMessages } from '../reservations/reservation-decide.js';
import type { ReservationEvent, ReservationState } from '../reservations/reservation-events.js';
import { evolveReservation, initialReservationState } from '../reservations/reservation-events.js';
import type { ScheduleState } from '../schedule/locker-schedule.js';
import type { Decider } from '../shared/decider.js';
import { conflict, notFound } from '../shared/domain-error.js';
import { formatSaoPauloDateTime } from '../shared/sao-paulo-time.js';
import type { DoorStateEvent } from './door-state-events.js';

// "A porta não abriu" (issue 29 item 6): the renter's code was accepted, yet the door stayed shut.
// Who may say so (the reservation's renter), when (active, inside its window, once the code
// opened the locker it is on now) and what it records (a jam, reported by the renter) are decided
// here from the reservation's own stream. What follows (the locker out of service, the renter
// moved with a fresh code, or told plainly that no locker is free) is `decideRelocation` and the
// command (commands/report-door-failure.ts).

export const DoorFailureMessages = {
  notActive: 'Só uma reserva paga e em andamento pode avisar que a porta não abriu.',
  notStarted: (startMs: number) => `Sua reserva começa em ${formatSaoPauloDateTime(startMs)}; antes disso a porta não abre com o seu código.`,
  notOpened: 'Ainda não registramos nenhuma abertura com o seu código neste locker. Digite o código no teclado do Hub; se a porta não abrir, avise por aqui.',
  moved: (order: number) => `Mudamos você para o locker ${twoDigits(order)}. Use o novo código.`,
  noneFree: (size: LockerSize) => `Nenhum outro locker ${size} está livre neste Hub agora. A equipe foi avisada e vai ajudar você.`,
  /** Why the locker went out of service, as its history tells it. */
  deactivationReason: 'a porta não abriu (aviso do cliente)',
} as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** An opening of the reservation's locker by the renter's code: the one a report is about. */
export interface DoorOpening {
  requestId: string;
  lockerId: string;
  lockerOrder: number;
  at: string;
}

export interface DoorFailureState {
  reservation: ReservationState;
  /** The renter's code's last opening, on whichever locker it was (a move does not clear it). */
  opening: DoorOpening | null;
  /** Reports already answered by a move: a retry of one of them changes nothing. */
  answered: string[];
}

export interface ReportDoorFailure {
  type: 'ReportDoorFailure';
  /** Who reports: only the reservation's renter may. */
  userId: string;
  /** Derived by the caller from the opening reported (its request id), so a retry names the same report. */
  reportId: string;
  now: Date;
}

export type DoorFailureEvent = ReservationEvent | DoorStateEvent;

export const initialDoorFailureState = (): DoorFailureState => ({ reservation: initialReservationState(), opening: null, answered: [] });

export function evolveDoorFailure(state: DoorFailureState, event: DoorFailureEvent): DoorFailureState {
  if (event.type === 'DoorStateReported' || event.type === 'ControllerWentOffline' || event.type === 'ControllerBackOnline') return state;
  const reservation = evolveReservation(state.reservation, event);
  if (event.type === 'DoorOpened' && event.data.codeKind === 'access') {
    const { requestId, lockerId, lockerOrder, at } = event.data;
    return { ...state, reservation, opening: { requestId, lockerId, lockerOrder, at } };
  }
  if (event.type === 'ReservationMoved' && event.data.reportId) return { ...state, reservation, answered: [...state.answered, event.data.reportId] };
  return { ...state, reservation };
}

/** The opening a report now would be about: the last one, if it was on the locker the reservation holds. */
export function openingToReport(state: DoorFailureState): DoorOpening | null {
  const { reservation, opening } = state;
  return reservation.status !== 'none' && opening && opening.lockerId === reservation.lockerId ? opening : null;
}

/**
 * The renter's report, as a jam of the locker the code opened: recorded once per opening (the
 * report id is the caller's, derived from it). Refused for anyone but the renter (as not found,
 * so ids do not leak), outside an active reservation's window, and before the code opened the
 * locker the reservation is on now (after a move, the new one must be tried first). A report a
 * move already answered decides nothing: the move stands.
 */
export function decideDoorFailure(command: ReportDoorFailure, state: DoorFailureState): DoorFailureEvent[] {
  const { reservation } = state;
  if (reservation.status === 'none' || reservation.userId !== command.userId) throw notFound('reservation_not_found', ReservationMessages.notFound);
  if (state.answered.includes(command.reportId)) return [];
  if (reservation.status !== 'active') throw conflict('reservation_not_active', DoorFailureMessages.notActive);
  const now = command.now.getTime();
  if (now < reservation.startMs) throw conflict('reservation_not_started', DoorFailureMessages.notStarted(reservation.startMs));
  if (now >= reservation.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
  const opening = openingToReport(state);
  if (!opening) throw conflict('door_not_opened', DoorFailureMessages.notOpened);
  return [
    {
      type: 'DoorStateReported',
      data: {
        reportId: command.reportId,
        hubId: reservation.hubId,
        lockerId: opening.lockerId,
        lockerOrder: opening.lockerOrder,
        state: 'jammed',
        // When the door failed: the moment the code was accepted, not when the renter told us.
        at: opening.at,
        source: 'renter',
        reservationId: reservation.reservationId,
        offline: false,
      },
    },
  ];
}

export const doorFailureDecider: Decider<ReportDoorFailure, DoorFailureEvent, DoorFailureState> = {
  decide: decideDoorFailure,
  evolve: evolveDoorFailure,
  initialState: initialDoorFailureState,
};

export interface RelocationRequest {
  toLockerId: string;
  reportId: string;
  /** The keyed hash of the fresh code (made at the edge: the next of the reservation's rotation). */
  codeHash: string;
  now: Date;
}

/**
 * What follows a report when a locker is free: the reservation moves to it exactly as a
 * deactivation's move does (same Hub, size and window; the day schedules checked as a booking
 * checks them, so nothing overlaps), marked as answering the report, and a fresh code replaces
 * the one typed at the broken door, in the same append. Nothing about the price changes: the
 * renter never pays for the failure.
 */
export function decideRelocation(
  reservation: ReservationState,
  hub: HubState,
  fromDays: ReadonlyMap<string, ScheduleState>,
  toDays: ReadonlyMap<string, ScheduleState>,
  request: RelocationRequest,
): MoveDecision {
  const move = decideMove(reservation, hub, fromDays, toDays, {
    toLockerId: request.toLockerId,
    now: request.now,
    doorFailure: { reportId: request.reportId },
  });
  if (move.reservation.length === 0) return move;
  const moved = move.reservation.reduce(reservationDecider.evolve, reservation);
  const code = reservationDecider.decide({ type: 'IssueAccessCode', codeHash: request.codeHash, now: request.now }, moved);
  return { ...move, reservation: [...move.reservation, ...code] };
}
