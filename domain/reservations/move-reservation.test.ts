import { details } from '../hubs/hub-spec-fixtures.js';
import { describe, expect, it } from 'vitest';
import type { HubEvent, Locker } from '../hubs/hub-events.js';
import { hubDecider } from '../hubs/hub-decide.js';
import type { ScheduleEvent } from '../schedule/locker-schedule.js';
import { scheduleDecider } from '../schedule/locker-schedule.js';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { releaseEvents } from './booking.js';
import type { MoveDecision } from './move-reservation.js';
import { decideMove, holdsLocker } from './move-reservation.js';
import { reservationDecider } from './reservation-decide.js';
import type { ReservationEvent } from './reservation-events.js';

// given(the reservation's events, the Hub's, each locker's day schedules)
//   .when(move to a locker at a time).then(events per stream) | .thenFails(code)

const hubId = 'SP-01';
const reservationId = 'res-1';
const at = (hhmm: string, day = '2030-01-10') => new Date(`${day}T${hhmm}:00.000Z`);
const iso = (hhmm: string, day?: string) => at(hhmm, day).toISOString();

const installed = (lockerId: string, orderNumber: number, overrides: Partial<Locker> = {}): HubEvent => ({
  type: 'LockerInstalled',
  data: { hubId, lockerId, orderNumber, size: 'M', type: 'GMV', pricePerHourCents: 500, status: 'Ativo', collectNumber: null, ...overrides },
});
// L1 was deactivated; L2 and L3 are active M lockers; the rest are not fit targets.
const hubEvents: HubEvent[] = [
  { type: 'HubRegistered', data: { hubId, secretKey: 'abcDE12345', ...details } },
  installed('L1', 1),
  installed('L2', 2),
  installed('L3', 3),
  installed('L4', 4, { status: 'Inativo' }),
  installed('L5', 5, { size: 'G' }),
  installed('L6', 6, { type: 'Drop-Off' }),
  { type: 'LockerDeactivated', data: { hubId, lockerId: 'L1' } },
];

// 22:00 on the 10th to 02:00 on the 11th (UTC): two day schedules per locker.
const periods = ['2030-01-10', '2030-01-11'];
const created: ReservationEvent = {
  type: 'ReservationCreated',
  data: {
    reservationId,
    userId: 'user-1',
    hubId,
    lockerId: 'L1',
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: iso('22:00'),
    endTime: iso('02:00', '2030-01-11'),
    pricePerHourCents: 500,
    priceCents: 2000,
    periods,
    paymentDueAt: iso('10:15'),
  },
};
const paid: ReservationEvent = { type: 'PaymentConfirmed', data: { reservationId, method: 'pix', amountCents: 2000, paidAt: iso('10:05') } };
const cancelled: ReservationEvent = { type: 'ReservationCancelled', data: { reservationId, at: iso('10:06'), reason: 'desistência' } };
const booked = (lockerId: string, id: string, start: string, end: string): ScheduleEvent => ({
  type: 'LockerBooked',
  data: { lockerId, reservationId: id, startTime: start, endTime: end },
});
const heldOnL1: Record<string, ScheduleEvent[]> = Object.fromEntries(
  periods.map((p) => [p, [booked('L1', reservationId, iso('22:00'), iso('02:00', '2030-01-11'))]]),
);

interface Given {
  reservation: ReservationEvent[];
  from?: Record<string, ScheduleEvent[]>;
  to?: Record<string, ScheduleEvent[]>;
  hub?: HubEvent[];
}

function given(g: Given) {
  const days = (byPeriod: Record<string, ScheduleEvent[]> = {}) => new Map(Object.entries(byPeriod).map(([p, events]) => [p, fold(scheduleDecider, events)]));
  return {
    when: (toLockerId: string, now: Date) => {
      const run = () =>
        decideMove(fold(reservationDecider, g.reservation), fold(hubDecider, g.hub ?? hubEvents), days(g.from ?? heldOnL1), days(g.to), { toLockerId, now });
      return {
        then: (expected: MoveDecision) => expect(run()).toEqual(expected),
        thenFails: (code: string) => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
        },
      };
    },
  };
}

const movedTo = (lockerId: string, orderNumber: number): ReservationEvent => ({
  type: 'ReservationMoved',
  data: { reservationId, hubId, fromLockerId: 'L1', toLockerId: lockerId, toLockerOrderNumber: orderNumber, periods },
});
const released = periods.map((period) => ({ period, events: [{ type: 'LockerBookingReleased', data: { lockerId: 'L1', reservationId } }] as ScheduleEvent[] }));
const bookedOn = (lockerId: string) =>
  periods.map((period) => ({ period, events: [booked(lockerId, reservationId, iso('22:00'), iso('02:00', '2030-01-11'))] }));

describe('decideMove', () => {
  it('moves a pending reservation to a free locker: moved, released on every old day, booked on every new day', () => {
    given({ reservation: [created] })
      .when('L2', at('10:00'))
      .then({ reservation: [movedTo('L2', 2)], releases: released, bookings: bookedOn('L2') });
  });

  it('moves a paid reservation, even once its payment window has passed', () => {
    given({ reservation: [created, paid] })
      .when('L3', at('11:00'))
      .then({ reservation: [movedTo('L3', 3)], releases: released, bookings: bookedOn('L3') });
  });

  it('moves a reservation that has started and is not over', () => {
    given({ reservation: [created, paid] })
      .when('L2', at('23:00'))
      .then({ reservation: [movedTo('L2', 2)], releases: released, bookings: bookedOn('L2') });
  });

  it('takes a locker whose other booking ends exactly when this one starts', () => {
    const before = { '2030-01-10': [booked('L2', 'other', iso('20:00'), iso('22:00'))] };
    const decision = decideMove(
      fold(reservationDecider, [created]),
      fold(hubDecider, hubEvents),
      new Map(),
      new Map(Object.entries(before).map(([p, e]) => [p, fold(scheduleDecider, e)])),
      { toLockerId: 'L2', now: at('10:00') },
    );
    expect(decision.bookings.map((b) => b.events.length)).toEqual([1, 1]);
  });

  it('refuses a locker booked on any day of the window', () => {
    given({ reservation: [created], to: { '2030-01-11': [booked('L2', 'other', iso('01:00', '2030-01-11'), iso('03:00', '2030-01-11'))] } })
      .when('L2', at('10:00'))
      .thenFails('locker_unavailable');
  });

  it.each([
    ['inactive', 'L4'],
    ['of another size', 'L5'],
    ['not GMV', 'L6'],
    ['not in the Hub', 'L9'],
  ])('refuses a locker %s', (_why, lockerId) => {
    given({ reservation: [created] })
      .when(lockerId, at('10:00'))
      .thenFails('locker_unavailable');
  });

  it('refuses a locker of another Hub', () => {
    const otherHub = hubEvents.map((e) => ({ ...e, data: { ...e.data, hubId: 'RJ-01' } }) as HubEvent);
    given({ reservation: [created], hub: otherHub })
      .when('L2', at('10:00'))
      .thenFails('locker_unavailable');
  });

  it('refuses a closed reservation', () => {
    given({ reservation: [created, cancelled] })
      .when('L2', at('10:10'))
      .thenFails('reservation_closed');
  });

  it('refuses a reservation whose window is over', () => {
    given({ reservation: [created, paid] })
      .when('L2', at('02:00', '2030-01-11'))
      .thenFails('reservation_ended');
  });

  it('refuses an unpaid reservation past its payment window: it no longer holds a locker', () => {
    given({ reservation: [created] })
      .when('L2', at('10:15'))
      .thenFails('payment_window_closed');
  });

  it('refuses a reservation that does not exist', () => {
    given({ reservation: [] }).when('L2', at('10:00')).thenFails('reservation_not_found');
  });

  it('decides nothing for a reservation already on that locker', () => {
    given({ reservation: [created, movedTo('L2', 2)], from: {} })
      .when('L2', at('10:00'))
      .then({ reservation: [], releases: [], bookings: [] });
  });

  it('releases only the old days that still hold the booking', () => {
    const onlyFirstDay = { '2030-01-10': heldOnL1['2030-01-10']! };
    given({ reservation: [created], from: onlyFirstDay })
      .when('L2', at('10:00'))
      .then({ reservation: [movedTo('L2', 2)], releases: released.slice(0, 1), bookings: bookedOn('L2') });
  });
});

describe('after a move', () => {
  const state = fold(reservationDecider, [created, paid, movedTo('L3', 3)]);

  it('the reservation is on the new locker, with its window, size and status unchanged', () => {
    expect(state).toMatchObject({ lockerId: 'L3', lockerSize: 'M', status: 'active', startMs: at('22:00').getTime(), periods });
  });

  it('ending it releases the new locker’s days, not the old one’s', () => {
    const ended = fold(reservationDecider, [created, paid, movedTo('L3', 3), cancelled]);
    if (ended.status === 'none') throw new Error('no reservation');
    expect(releaseEvents(ended).map((r) => r.events[0]!.data.lockerId)).toEqual(['L3', 'L3']);
  });

  it('holdsLocker: open and not over, unpaid only within its payment window', () => {
    expect(holdsLocker(state, at('23:00'))).toBe(true);
    expect(holdsLocker(state, at('02:00', '2030-01-11'))).toBe(false);
    expect(holdsLocker(fold(reservationDecider, [created]), at('10:14'))).toBe(true);
    expect(holdsLocker(fold(reservationDecider, [created]), at('10:15'))).toBe(false);
    expect(holdsLocker(fold(reservationDecider, [created, cancelled]), at('10:10'))).toBe(false);
  });
});
