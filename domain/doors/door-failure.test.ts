import { describe, expect, it } from 'vitest';
import { hubDecider } from '../hubs/hub-decide.js';
import type { HubEvent, Locker } from '../hubs/hub-events.js';
import { details } from '../hubs/hub-spec-fixtures.js';
import { reservationDecider } from '../reservations/reservation-decide.js';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import type { ScheduleEvent } from '../schedule/locker-schedule.js';
import { scheduleDecider } from '../schedule/locker-schedule.js';
import { fold } from '../shared/decider.js';
import { specFor } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type { DoorFailureEvent } from './door-failure.js';
import { DoorFailureMessages, decideRelocation, doorFailureDecider, openingToReport } from './door-failure.js';

// given(the reservation's events).when(the renter reports that the door did not open)
//   .then(the jam recorded) | .thenFails(code); then what follows: the move with a fresh code.

const hubId = 'SP-01';
const reservationId = 'res-1';
const at = (hhmm: string) => new Date(`2030-01-10T${hhmm}:00.000Z`);
const iso = (hhmm: string) => at(hhmm).toISOString();
const periods = ['2030-01-10'];

const created: ReservationEvent = {
  type: 'ReservationCreated',
  data: {
    reservationId,
    userId: 'ana',
    hubId,
    lockerId: 'L1',
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: iso('14:00'),
    endTime: iso('16:00'),
    pricePerHourCents: 750,
    priceCents: 1500,
    periods,
    paymentDueAt: iso('13:15'),
  },
};
const paid: ReservationEvent = { type: 'PaymentConfirmed', data: { reservationId, method: 'pix', amountCents: 1500, paidAt: iso('13:05') } };
const code: ReservationEvent = { type: 'AccessCodeIssued', data: { reservationId, codeHash: 'h1', issuedAt: iso('14:00'), expiresAt: iso('14:05') } };
const opened = (lockerId = 'L1', lockerOrder = 1, requestId = 'req-1', codeKind: 'access' | 'pickup' = 'access'): ReservationEvent => ({
  type: 'DoorOpened',
  data: { reservationId, hubId, lockerId, lockerOrder, requestId, codeKind, at: iso('14:02') },
});
const moved = (toLockerId: string, toLockerOrderNumber: number, reportId?: string): ReservationEvent => ({
  type: 'ReservationMoved',
  data: {
    reservationId,
    hubId,
    fromLockerId: 'L1',
    toLockerId,
    toLockerOrderNumber,
    periods,
    ...(reportId ? { reason: 'door_failed' as const, reportId } : {}),
  },
});

const given = specFor(doorFailureDecider);
const report = (overrides: { userId?: string; now?: Date; reportId?: string } = {}) => ({
  type: 'ReportDoorFailure' as const,
  userId: 'ana',
  reportId: 'report-1',
  now: at('14:03'),
  ...overrides,
});
const jam: DoorFailureEvent = {
  type: 'DoorStateReported',
  data: {
    reportId: 'report-1',
    hubId,
    lockerId: 'L1',
    lockerOrder: 1,
    state: 'jammed',
    at: iso('14:02'),
    source: 'renter',
    reservationId,
    offline: false,
  },
};

describe('reporting that the door did not open', () => {
  it('records a jam of the locker the code opened, reported by the renter, at the time the code was accepted', () => {
    given([created, paid, code, opened()]).when(report()).then([jam]);
  });

  it('is refused before the code opened any door', () => {
    const refusal = given([created, paid, code]).when(report()).thenFails('door_not_opened');
    expect(refusal.message).toBe(DoorFailureMessages.notOpened);
  });

  it('does not count a pickup code opening the door: that is logistics, not the renter', () => {
    given([created, paid, code, opened('L1', 1, 'req-9', 'pickup')])
      .when(report())
      .thenFails('door_not_opened');
  });

  it("is refused for anyone but the reservation's renter, as not found", () => {
    given([created, paid, code, opened()])
      .when(report({ userId: 'bruno' }))
      .thenFails('reservation_not_found');
  });

  it('is refused for a reservation that does not exist', () => {
    given([]).when(report()).thenFails('reservation_not_found');
  });

  it('is refused for an unpaid reservation', () => {
    given([created]).when(report()).thenFails('reservation_not_active');
  });

  it('is refused once the reservation is closed', () => {
    const finalized: ReservationEvent = { type: 'ReservationFinalized', data: { reservationId, at: iso('14:30') } };
    given([created, paid, code, opened(), finalized])
      .when(report({ now: at('14:31') }))
      .thenFails('reservation_not_active');
  });

  it('is refused before the window and once it is over', () => {
    given([created, paid, code, opened()])
      .when(report({ now: at('13:59') }))
      .thenFails('reservation_not_started');
    given([created, paid, code, opened()])
      .when(report({ now: at('16:00') }))
      .thenFails('reservation_ended');
  });

  it('after a move, needs the code to have opened the new locker first', () => {
    given([created, paid, code, opened(), moved('L2', 2)])
      .when(report({ reportId: 'report-2' }))
      .thenFails('door_not_opened');
    given([created, paid, code, opened(), moved('L2', 2), opened('L2', 2, 'req-2')])
      .when(report({ reportId: 'report-2' }))
      .then([{ ...jam, data: { ...jam.data, reportId: 'report-2', lockerId: 'L2', lockerOrder: 2 } }] as DoorFailureEvent[]);
  });

  it('decides nothing for a report a move already answered: a retry changes nothing', () => {
    given([created, paid, code, opened(), moved('L2', 2, 'report-1')])
      .when(report())
      .then([]);
  });

  it('the opening to report is the last one on the locker the reservation holds', () => {
    const state = (events: ReservationEvent[]) => fold(doorFailureDecider, events);
    expect(openingToReport(state([created, paid, code, opened()]))?.requestId).toBe('req-1');
    expect(openingToReport(state([created, paid, code, opened(), moved('L2', 2)]))).toBeNull();
  });
});

describe('what follows: the renter moved with a fresh code', () => {
  const installed = (lockerId: string, orderNumber: number, overrides: Partial<Locker> = {}): HubEvent => ({
    type: 'LockerInstalled',
    data: { hubId, lockerId, orderNumber, size: 'M', type: 'GMV', pricePerHourCents: 750, status: 'Ativo', collectNumber: null, ...overrides },
  });
  const hub = fold(hubDecider, [
    { type: 'HubRegistered', data: { hubId, secretKey: 'abcDE12345', ...details } },
    installed('L1', 1),
    installed('L2', 2),
    installed('L3', 3, { size: 'G' }),
  ]);
  const booked = (lockerId: string, id: string, start: string, end: string): ScheduleEvent => ({
    type: 'LockerBooked',
    data: { lockerId, reservationId: id, startTime: start, endTime: end },
  });
  const days = (events: ScheduleEvent[]) => new Map([['2030-01-10', fold(scheduleDecider, events)]]);
  const reservation = fold(reservationDecider, [created, paid, code, opened()]);
  const request = { toLockerId: 'L2', reportId: 'report-1', codeHash: 'h2', now: at('14:03') };

  it('moves it for its whole window, marked as answering the report, with a fresh code; the price stays', () => {
    const decision = decideRelocation(reservation, hub, days([booked('L1', reservationId, iso('14:00'), iso('16:00'))]), days([]), request);
    expect(decision.reservation).toEqual([
      moved('L2', 2, 'report-1'),
      { type: 'AccessCodeIssued', data: { reservationId, codeHash: 'h2', issuedAt: iso('14:03'), expiresAt: iso('14:08') } },
    ]);
    expect(decision.releases).toEqual([{ period: '2030-01-10', events: [{ type: 'LockerBookingReleased', data: { lockerId: 'L1', reservationId } }] }]);
    expect(decision.bookings).toEqual([{ period: '2030-01-10', events: [booked('L2', reservationId, iso('14:00'), iso('16:00'))] }]);
    const after = decision.reservation.reduce(reservationDecider.evolve, reservation);
    expect(after.status === 'active' && after.priceCents).toBe(1500);
    expect(decision.reservation.some((e) => e.type === 'PaymentConfirmed' || e.type === 'PixChargeCreated' || e.type === 'ReservationExtended')).toBe(false);
  });

  it('never onto a locker booked during the window, nor one of another size', () => {
    const taken = days([booked('L2', 'other', iso('15:00'), iso('17:00'))]);
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof DomainError ? error.code : error;
      }
      return 'moved';
    };
    expect(refusal(() => decideRelocation(reservation, hub, days([]), taken, request))).toBe('locker_unavailable');
    expect(refusal(() => decideRelocation(reservation, hub, days([]), days([]), { ...request, toLockerId: 'L3' }))).toBe('locker_unavailable');
  });

  it('says plainly where to go, or that none is free', () => {
    expect(DoorFailureMessages.moved(7)).toBe('Mudamos você para o locker 07. Use o novo código.');
    expect(DoorFailureMessages.noneFree('M')).toBe('Nenhum outro locker M está livre neste Hub agora. A equipe foi avisada e vai ajudar você.');
  });
});
