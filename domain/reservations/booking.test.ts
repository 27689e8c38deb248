import { details } from '../hubs/hub-spec-fixtures.js';
import { describe, expect, it } from 'vitest';
import type { HubDetails, HubEvent, Locker } from '../hubs/hub-events.js';
import { hubDecider } from '../hubs/hub-decide.js';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { scheduleDecider } from '../schedule/locker-schedule.js';
import type { BookingRequest } from './booking.js';
import { bookableLockers, decideBooking, releaseEvents } from './booking.js';

const hubId = 'SP-01';
const at = (hhmm: string, day = '2030-01-10') => new Date(`${day}T${hhmm}:00.000Z`);

const registered = (overrides: Partial<HubDetails> = {}): HubEvent => ({
  type: 'HubRegistered',
  data: { hubId, secretKey: 'abcDE12345', ...details, ...overrides },
});
const installed = (lockerId: string, orderNumber: number, overrides: Partial<Locker> = {}): HubEvent => ({
  type: 'LockerInstalled',
  data: { hubId, lockerId, orderNumber, size: 'M', type: 'GMV', pricePerHourCents: 500, status: 'Ativo', collectNumber: null, ...overrides },
});
const hubOf = (...events: HubEvent[]) => fold(hubDecider, events);
const scheduleOf = (...events: ScheduleEvent[]) => fold(scheduleDecider, events);
const booked = (reservationId: string, start: Date, end: Date, lockerId = 'L2'): ScheduleEvent => ({
  type: 'LockerBooked',
  data: { lockerId, reservationId, startTime: start.toISOString(), endTime: end.toISOString() },
});

// L2 is the second locker: its order number must travel into the reservation.
const hub = hubOf(registered(), installed('L1', 1), installed('L2', 2));
const noSchedules: ReadonlyMap<string, ScheduleState> = new Map();

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  reservationId: 'res-1',
  userId: 'user-1',
  lockerId: 'L2',
  start: at('10:00'),
  end: at('12:30'),
  now: at('09:50'),
  maxHours: 24,
  canUsePrivateHub: false,
  codeHash: 'hash-1',
  paymentWindowMs: 15 * 60_000,
  ...overrides,
});

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code };
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('decideBooking', () => {
  it('waits for payment at most until the end of a short reservation', () => {
    const created = decideBooking(request({ start: at('09:30'), end: at('10:00'), paymentWindowMs: 60 * 60_000 }), hub, noSchedules).reservation[0];
    expect(created?.type === 'ReservationCreated' && created.data.paymentDueAt).toBe('2030-01-10T10:00:00.000Z');
  });

  it('waits for no payment when nothing is owed', () => {
    const free = hubOf(registered(), installed('L1', 1), installed('L2', 2, { pricePerHourCents: 0 }));
    const created = decideBooking(request(), free, noSchedules).reservation[0];
    expect(created?.type === 'ReservationCreated' && created.data.paymentDueAt).toBeNull();
  });

  it('given a partner booking for its end customer, when decided, then it is born paid by the partner and holds nothing unpaid', () => {
    const customer = { name: 'Beatriz Lima', email: 'beatriz@example.com' };
    const [created, paid] = decideBooking(request({ partner: { partnerId: 'p-1', customer } }), hub, noSchedules).reservation;
    expect(created?.type === 'ReservationCreated' && created.data).toMatchObject({ partnerId: 'p-1', customer, paymentDueAt: null, priceCents: 1500 });
    expect(paid).toEqual({
      type: 'PaymentConfirmed',
      data: { reservationId: 'res-1', method: 'partner_invoice', amountCents: 1500, paidAt: '2030-01-10T09:50:00.000Z' },
    });
  });

  it('given a renter booking, when decided, then it names no partner and waits for payment', () => {
    const events = decideBooking(request(), hub, noSchedules).reservation;
    expect(events.map((e) => e.type)).toEqual(['ReservationCreated']);
    expect(events[0]?.type === 'ReservationCreated' && 'partnerId' in events[0].data).toBe(false);
  });

  it('issues a code that ends with the reservation when that comes before 300 s', () => {
    const code = decideBooking(request({ start: at('09:30'), end: at('09:52') }), hub, noSchedules).reservation[1];
    expect(code?.type === 'AccessCodeIssued' && code.data.expiresAt).toBe('2030-01-10T09:52:00.000Z');
  });

  it('creates the reservation, issues a code and books the locker', () => {
    expect(decideBooking(request({ now: at('10:00') }), hub, noSchedules)).toEqual({
      reservation: [
        {
          type: 'ReservationCreated',
          data: {
            reservationId: 'res-1',
            userId: 'user-1',
            hubId,
            lockerId: 'L2',
            lockerSize: 'M',
            lockerOrderNumber: 2,
            startTime: '2030-01-10T10:00:00.000Z',
            endTime: '2030-01-10T12:30:00.000Z',
            pricePerHourCents: 500,
            priceCents: 1500, // 2 h 30 min → 3 started hours × 500
            periods: ['2030-01-10'],
            paymentDueAt: '2030-01-10T10:15:00.000Z', // booked 10:00 + 15 min to pay
          },
        },
        {
          type: 'AccessCodeIssued',
          data: { reservationId: 'res-1', codeHash: 'hash-1', issuedAt: '2030-01-10T10:00:00.000Z', expiresAt: '2030-01-10T10:05:00.000Z' },
        },
      ],
      schedules: [{ period: '2030-01-10', events: [booked('res-1', at('10:00'), at('12:30'))] }],
    });
  });

  it('books a window crossing midnight UTC in both day streams', () => {
    const decision = decideBooking(request({ start: at('22:00'), end: at('02:00', '2030-01-11') }), hub, noSchedules);
    const event = booked('res-1', at('22:00'), at('02:00', '2030-01-11'));
    expect(decision.schedules).toEqual([
      { period: '2030-01-10', events: [event] },
      { period: '2030-01-11', events: [event] },
    ]);
    expect(decision.reservation[0]).toMatchObject({ data: { periods: ['2030-01-10', '2030-01-11'], priceCents: 2000 } });
  });

  it('refuses an unknown hub', () => {
    expect(failureOf(() => decideBooking(request(), hubOf(), noSchedules))).toEqual({ kind: 'not_found', code: 'hub_not_found' });
  });

  it('refuses a removed hub', () => {
    const removed = hubOf(registered(), installed('L2', 1), { type: 'HubRemoved', data: { hubId } });
    expect(failureOf(() => decideBooking(request(), removed, noSchedules))).toEqual({ kind: 'not_found', code: 'hub_not_found' });
  });

  it('refuses a private hub without permission', () => {
    const privateHub = hubOf(registered({ private: true }), installed('L2', 1));
    expect(failureOf(() => decideBooking(request(), privateHub, noSchedules))).toEqual({ kind: 'forbidden', code: 'private_hub' });
  });

  it('books a private hub with permission', () => {
    const privateHub = hubOf(registered({ private: true }), installed('L2', 1));
    const decision = decideBooking(request({ canUsePrivateHub: true, now: at('10:01') }), privateHub, noSchedules);
    expect(decision.reservation.map((e) => e.type)).toEqual(['ReservationCreated', 'AccessCodeIssued']);
  });

  it('issue 24 item 1: issues no code for a window that has not begun (it could not open before the start)', () => {
    expect(decideBooking(request({ now: at('09:50') }), hub, noSchedules).reservation.map((e) => e.type)).toEqual(['ReservationCreated']);
    // The current slot, begun a few minutes ago, gets its code with the booking.
    expect(decideBooking(request({ start: at('09:30'), now: at('09:50') }), hub, noSchedules).reservation.map((e) => e.type)).toEqual([
      'ReservationCreated',
      'AccessCodeIssued',
    ]);
  });

  it.each([
    ['an inactive locker', installed('L2', 2, { status: 'Inativo' })],
    ['a Drop-Off locker', installed('L2', 2, { type: 'Drop-Off', collectNumber: '3' })],
    ['a Pick-Up locker', installed('L2', 2, { type: 'Pick-Up' })],
    ['a Tech locker', installed('L2', 2, { type: 'Tech' })],
  ])('refuses %s → locker_unavailable', (_, locker) => {
    expect(failureOf(() => decideBooking(request(), hubOf(registered(), locker), noSchedules))).toEqual({ kind: 'conflict', code: 'locker_unavailable' });
  });

  it('refuses a locker that is not in the hub', () => {
    expect(failureOf(() => decideBooking(request({ lockerId: 'L9' }), hub, noSchedules)).code).toBe('locker_unavailable');
  });

  it('refuses a window that overlaps a booking in the schedule', () => {
    const schedules = new Map([['2030-01-10', scheduleOf(booked('other', at('12:00'), at('13:00')))]]);
    expect(failureOf(() => decideBooking(request(), hub, schedules))).toEqual({ kind: 'conflict', code: 'locker_unavailable' });
  });

  it('refuses a midnight-crossing window whose second day is taken', () => {
    const schedules = new Map([['2030-01-11', scheduleOf(booked('other', at('01:00', '2030-01-11'), at('03:00', '2030-01-11')))]]);
    const req = request({ start: at('22:00'), end: at('02:00', '2030-01-11') });
    expect(failureOf(() => decideBooking(req, hub, schedules)).code).toBe('locker_unavailable');
  });

  it('books right after an existing booking ends', () => {
    const schedules = new Map([['2030-01-10', scheduleOf(booked('other', at('08:00'), at('10:00')))]]);
    expect(decideBooking(request(), hub, schedules).schedules[0]?.events).toEqual([booked('res-1', at('10:00'), at('12:30'))]);
  });

  it.each([
    ['end equal to start', { start: at('10:00'), end: at('10:00') }, 'invalid_window'],
    ['end before start', { start: at('10:00'), end: at('09:00') }, 'invalid_window'],
    ['start more than 35 min in the past', { start: at('09:14'), end: at('11:00') }, 'start_in_past'],
    ['more than maxHours', { start: at('10:00'), end: at('10:01', '2030-01-11') }, 'too_long'],
    ['more than a smaller maxHours', { start: at('10:00'), end: at('13:00'), maxHours: 2 }, 'too_long'],
  ])('refuses %s', (_, overrides, code) => {
    expect(failureOf(() => decideBooking(request(overrides), hub, noSchedules))).toEqual({ kind: 'invalid', code });
  });

  it('accepts a start in the current half-hour slot (up to 35 min ago) and exactly maxHours', () => {
    const decision = decideBooking(request({ start: at('09:15'), end: at('09:15', '2030-01-11') }), hub, noSchedules);
    expect(decision.reservation[0]).toMatchObject({ data: { priceCents: 24 * 500 } });
  });
});

describe('bookableLockers', () => {
  it('returns the active GMV lockers of the size, in order', () => {
    const mixed = hubOf(
      registered(),
      installed('M5', 5),
      installed('M1', 1),
      installed('M2-off', 2, { status: 'Inativo' }),
      installed('G3', 3, { size: 'G' }),
      installed('M4-drop', 4, { type: 'Drop-Off', collectNumber: '4' }),
      installed('M6', 6),
    );
    expect(bookableLockers(mixed, 'M').map((l) => l.lockerId)).toEqual(['M1', 'M5', 'M6']);
    expect(bookableLockers(mixed, 'G').map((l) => l.lockerId)).toEqual(['G3']);
    expect(bookableLockers(mixed, 'P')).toEqual([]);
  });

  it('returns nothing for an unknown or removed hub', () => {
    expect(bookableLockers(hubOf(), 'M')).toEqual([]);
    expect(bookableLockers(hubOf(registered(), installed('L1', 1), { type: 'HubRemoved', data: { hubId } }), 'M')).toEqual([]);
  });
});

describe('releaseEvents', () => {
  it('releases the booking in every day stream it holds', () => {
    expect(releaseEvents({ reservationId: 'res-1', lockerId: 'L2', periods: ['2030-01-10', '2030-01-11'] })).toEqual([
      { period: '2030-01-10', events: [{ type: 'LockerBookingReleased', data: { lockerId: 'L2', reservationId: 'res-1' } }] },
      { period: '2030-01-11', events: [{ type: 'LockerBookingReleased', data: { lockerId: 'L2', reservationId: 'res-1' } }] },
    ]);
  });

  it('frees the window for the next booking', () => {
    const decision = decideBooking(request({ start: at('22:00'), end: at('02:00', '2030-01-11') }), hub, noSchedules);
    const releases = releaseEvents({ reservationId: 'res-1', lockerId: 'L2', periods: ['2030-01-10', '2030-01-11'] });
    const schedules = new Map(
      decision.schedules.map(({ period, events }) => [period, scheduleOf(...events, ...(releases.find((r) => r.period === period)?.events ?? []))]),
    );
    const next = decideBooking(request({ reservationId: 'res-2', start: at('23:00'), end: at('01:00', '2030-01-11') }), hub, schedules);
    expect([...schedules.values()].map((s) => s.bookings)).toEqual([[], []]);
    expect(next.schedules.map((s) => s.events.length)).toEqual([1, 1]);
  });
});

describe('issue 24 item 5: a booking starts at most a year ahead', () => {
  const now = at('09:50');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

  it('books a window starting 365 days from now', () => {
    const start = inDays(365);
    const decision = decideBooking(request({ now, start, end: new Date(start.getTime() + 3_600_000) }), hub, noSchedules);
    expect(decision.reservation[0]?.type).toBe('ReservationCreated');
  });

  it('refuses one starting later (the year 9999 was accepted), with the pt-BR message', () => {
    for (const start of [new Date(inDays(365).getTime() + 60_000), new Date('9999-12-31T10:00:00Z')]) {
      expect(failureOf(() => decideBooking(request({ now, start, end: new Date(start.getTime() + 3_600_000) }), hub, noSchedules))).toEqual({
        kind: 'invalid',
        code: 'too_far_ahead',
      });
    }
    expect(() => decideBooking(request({ now, start: inDays(400), end: inDays(400.05) }), hub, noSchedules)).toThrow(
      'A reserva pode começar no máximo 365 dias à frente.',
    );
  });
});
