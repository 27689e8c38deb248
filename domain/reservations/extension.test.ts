import { describe, expect, it } from 'vitest';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { decideSchedule, scheduleDecider } from '../schedule/locker-schedule.js';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { ExtensionRequest } from './extension.js';
import { decideExtension, quoteExtension } from './extension.js';
import { reservationDecider } from './reservation-decide.js';
import type { ReservationEvent } from './reservation-events.js';
import { at, created, iso, paid, reservationId } from './reservation-spec-fixtures.js';

// given(the reservation's events, its locker's day schedules).when(extend at a time)
//   .then(events per stream) | .thenFails(code). The reservation: 10:00–12:00 UTC on 10/01/2030,
// R$ 5,00/h, locker L1, paid at 09:55.

const booked = (id: string, start: string, end: string): ScheduleEvent => ({
  type: 'LockerBooked',
  data: { lockerId: 'L1', reservationId: id, startTime: start, endTime: end },
});
const own = booked(reservationId, iso('10:00'), iso('12:00'));

function given(reservation: ReservationEvent[], days: Record<string, ScheduleEvent[]> = { '2030-01-10': [own] }) {
  const state = fold(reservationDecider, reservation);
  const schedules = new Map<string, ScheduleState>(Object.entries(days).map(([period, events]) => [period, fold(scheduleDecider, events)]));
  return {
    when: (hours: number, now = at('11:00'), more: Partial<ExtensionRequest> = {}) => {
      const request: ExtensionRequest = {
        extensionId: 'ext-1',
        hours,
        now,
        maxHours: 24,
        method: 'credit_card',
        provider: 'simulated',
        codeHash: 'h2',
        ...more,
      };
      return {
        quote: () => quoteExtension(state, schedules, request),
        then: (expected: ReturnType<typeof decideExtension>) => expect(decideExtension(state, schedules, request)).toEqual(expected),
        thenFails: (code: string) => {
          let caught: unknown;
          try {
            decideExtension(state, schedules, request);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          return caught as DomainError;
        },
      };
    },
  };
}

const extended = (hours: number, to: string, amountCents: number, paidAt = iso('11:00')): ReservationEvent => ({
  type: 'ReservationExtended',
  data: {
    reservationId,
    extensionId: 'ext-1',
    hours,
    fromEndTime: iso('12:00'),
    toEndTime: to,
    amountCents,
    periods: [],
    method: 'credit_card',
    provider: 'simulated',
    paidAt,
  },
});
const codeUntil = (expiresAt: string): ReservationEvent => ({
  type: 'AccessCodeIssued',
  data: { reservationId, codeHash: 'h2', issuedAt: iso('11:00'), expiresAt },
});

describe('extending a reservation', () => {
  it('by 2 h: the new end, the price of the extra hours, the day schedule extended and a code that runs on', () => {
    given([created, paid])
      .when(2)
      .then({
        reservation: [extended(2, iso('14:00'), 1000), codeUntil(iso('11:05'))],
        schedules: [{ period: '2030-01-10', events: [{ type: 'LockerBookingExtended', data: { lockerId: 'L1', reservationId, endTime: iso('14:00') } }] }],
      });
  });

  it('a day the booking did not hold yet gets LockerBooked for the whole window', () => {
    const night = { ...created, data: { ...created.data, startTime: iso('20:00'), endTime: iso('23:00'), priceCents: 1500 } };
    const state = fold(reservationDecider, [night, paid]);
    const days = new Map([['2030-01-10', fold(scheduleDecider, [booked(reservationId, iso('20:00'), iso('23:00'))])]]);
    const decision = decideExtension(state, days, {
      extensionId: 'e',
      hours: 2,
      now: at('21:00'),
      maxHours: 24,
      method: 'pix',
      provider: 'simulated',
      codeHash: 'h',
    });
    expect(decision.reservation[0]).toMatchObject({
      type: 'ReservationExtended',
      data: { toEndTime: '2030-01-11T01:00:00.000Z', periods: ['2030-01-11'], amountCents: 1000 },
    });
    expect(decision.schedules.map((s) => s.events[0]?.type)).toEqual(['LockerBookingExtended', 'LockerBooked']);
    expect(decision.schedules[1]).toEqual({ period: '2030-01-11', events: [booked(reservationId, iso('20:00'), '2030-01-11T01:00:00.000Z')] });
    // Once extended, the reservation holds the new end and every day: a release frees them all.
    const next = decision.reservation.reduce(reservationDecider.evolve, state);
    expect(next).toMatchObject({ endMs: Date.parse('2030-01-11T01:00:00.000Z'), periods: ['2030-01-10', '2030-01-11'], priceCents: 2500 });
  });

  it('before its window begins: no code yet', () => {
    given([created, paid])
      .when(1, at('09:58'))
      .then({
        reservation: [extended(1, iso('13:00'), 500, iso('09:58'))],
        schedules: [{ period: '2030-01-10', events: [{ type: 'LockerBookingExtended', data: { lockerId: 'L1', reservationId, endTime: iso('13:00') } }] }],
      });
  });

  it('refused when another booking of the locker starts in the extra time, saying until when it is free', () => {
    const days = { '2030-01-10': [own, booked('other', iso('13:00'), iso('15:00'))] };
    expect(given([created, paid], days).when(2).quote()).toEqual({
      available: false,
      priceCents: 1000,
      toEndMs: at('14:00').getTime(),
      freeUntilMs: at('13:00').getTime(),
    });
    const error = given([created, paid], days).when(2).thenFails('locker_busy');
    expect(error.message).toBe('Este locker está livre só até 10/01/2030 10:00.');
    expect(error.details).toEqual({ freeUntil: iso('13:00') });
    // One hour still fits.
    expect(given([created, paid], days).when(1).quote()).toMatchObject({ available: true, freeUntilMs: null });
  });

  it('a booking right after the current end blocks even +1 h; one that was released does not', () => {
    const next = booked('other', iso('12:00'), iso('13:00'));
    given([created, paid], { '2030-01-10': [own, next] })
      .when(1)
      .thenFails('locker_busy');
    const released: ScheduleEvent = { type: 'LockerBookingReleased', data: { lockerId: 'L1', reservationId: 'other' } };
    expect(
      given([created, paid], { '2030-01-10': [own, next, released] })
        .when(1)
        .quote().available,
    ).toBe(true);
  });

  it('refused past the maximum hours, for hours other than 1, 2, 3 or 6, and unless active and not ended', () => {
    expect(given([created, paid]).when(6, at('11:00'), { maxHours: 7 }).thenFails('too_long').message).toBe(
      'Com esta extensão a reserva passaria do máximo de 7 horas.',
    );
    given([created, paid]).when(3, at('11:00'), { maxHours: 4 }).thenFails('too_long');
    expect(given([created, paid]).when(3, at('11:00'), { maxHours: 5 }).quote().available).toBe(true);
    given([created, paid]).when(4).thenFails('invalid_hours');
    given([created]).when(1).thenFails('reservation_not_active');
    given([created, paid, { type: 'ReservationFinalized', data: { reservationId, at: iso('10:30') } }])
      .when(1)
      .thenFails('reservation_not_active');
    given([created, paid]).when(1, at('12:00')).thenFails('reservation_ended');
    given([]).when(1).thenFails('reservation_not_found');
  });
});

describe('the day schedule', () => {
  it('extends the booking it holds, refuses an overlap with another, and repeats nothing', () => {
    const state = fold(scheduleDecider, [own]);
    const extend = { type: 'ExtendBooking', lockerId: 'L1', reservationId, start: at('10:00'), end: at('14:00') } as const;
    const events = decideSchedule(extend, state);
    expect(events).toEqual([{ type: 'LockerBookingExtended', data: { lockerId: 'L1', reservationId, endTime: iso('14:00') } }]);
    expect(fold(scheduleDecider, [own, ...events]).bookings).toEqual([{ reservationId, startMs: at('10:00').getTime(), endMs: at('14:00').getTime() }]);
    expect(decideSchedule(extend, fold(scheduleDecider, [own, ...events]))).toEqual([]);
    expect(() => decideSchedule(extend, fold(scheduleDecider, [own, booked('other', iso('13:59'), iso('15:00'))]))).toThrow(DomainError);
    // A booking that ended when this one's extra time begins is no obstacle.
    expect(decideSchedule(extend, fold(scheduleDecider, [booked('before', iso('08:00'), iso('10:00')), own]))).toHaveLength(1);
  });
});
