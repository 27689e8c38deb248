import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { specFor } from '../shared/decider-spec.js';
import type { ScheduleCommand, ScheduleEvent } from './locker-schedule.js';
import { overlaps, periodsOf, scheduleDecider, scheduleStreamId } from './locker-schedule.js';

const given = specFor(scheduleDecider);
const lockerId = 'L1';
const at = (hhmm: string, day = '2030-01-10') => new Date(`${day}T${hhmm}:00.000Z`);

const book = (reservationId: string, start: Date, end: Date): ScheduleCommand => ({ type: 'BookLocker', lockerId, reservationId, start, end });
const booked = (reservationId: string, start: Date, end: Date): ScheduleEvent => ({
  type: 'LockerBooked',
  data: { lockerId, reservationId, startTime: start.toISOString(), endTime: end.toISOString() },
});
const released = (reservationId: string): ScheduleEvent => ({ type: 'LockerBookingReleased', data: { lockerId, reservationId } });

describe('BookLocker', () => {
  it('books a free window', () => {
    given([])
      .when(book('r1', at('10:00'), at('12:00')))
      .then([booked('r1', at('10:00'), at('12:00'))]);
  });

  it('books beside an existing booking that does not overlap', () => {
    given([booked('r1', at('08:00'), at('09:00'))])
      .when(book('r2', at('10:00'), at('12:00')))
      .then([booked('r2', at('10:00'), at('12:00'))]);
  });

  it.each([
    ['starts inside', '11:00', '13:00'],
    ['ends inside', '09:00', '11:00'],
    ['contains it', '09:00', '13:00'],
    ['is contained', '10:30', '11:30'],
    ['is the same window', '10:00', '12:00'],
  ])('refuses a window that %s an existing booking → locker_unavailable', (_, from, to) => {
    const error = given([booked('r1', at('10:00'), at('12:00'))])
      .when(book('r2', at(from), at(to)))
      .thenFails('locker_unavailable');
    expect(error.kind).toBe('conflict');
  });

  it('treats touching windows [10,12) and [12,14) as not overlapping', () => {
    given([booked('r1', at('10:00'), at('12:00'))])
      .when(book('r2', at('12:00'), at('14:00')))
      .then([booked('r2', at('12:00'), at('14:00'))]);
    given([booked('r1', at('12:00'), at('14:00'))])
      .when(book('r2', at('10:00'), at('12:00')))
      .then([booked('r2', at('10:00'), at('12:00'))]);
  });

  it('records nothing when the same reservation is booked twice', () => {
    given([booked('r1', at('10:00'), at('12:00'))])
      .when(book('r1', at('10:00'), at('12:00')))
      .then([]);
  });
});

describe('ReleaseBooking', () => {
  it('releases a booking', () => {
    given([booked('r1', at('10:00'), at('12:00'))])
      .when({ type: 'ReleaseBooking', lockerId, reservationId: 'r1' })
      .then([released('r1')]);
  });

  it('frees the window for another reservation', () => {
    given([booked('r1', at('10:00'), at('12:00')), released('r1')])
      .when(book('r2', at('11:00'), at('13:00')))
      .then([booked('r2', at('11:00'), at('13:00'))]);
  });

  it('records nothing for a reservation that holds no booking', () => {
    given([booked('r1', at('10:00'), at('12:00'))])
      .when({ type: 'ReleaseBooking', lockerId, reservationId: 'r2' })
      .then([]);
    given([booked('r1', at('10:00'), at('12:00')), released('r1')])
      .when({ type: 'ReleaseBooking', lockerId, reservationId: 'r1' })
      .then([]);
  });

  it('keeps the other bookings', () => {
    const state = fold(scheduleDecider, [booked('r1', at('08:00'), at('09:00')), booked('r2', at('10:00'), at('11:00')), released('r1')]);
    expect(state.bookings.map((b) => b.reservationId)).toEqual(['r2']);
  });
});

describe('overlaps', () => {
  it('is half-open and symmetric', () => {
    const a = { startMs: 0, endMs: 10 };
    expect(overlaps(a, { startMs: 9, endMs: 20 })).toBe(true);
    expect(overlaps({ startMs: 9, endMs: 20 }, a)).toBe(true);
    expect(overlaps(a, { startMs: 10, endMs: 20 })).toBe(false);
    expect(overlaps({ startMs: 10, endMs: 20 }, a)).toBe(false);
  });
});

describe('periodsOf', () => {
  it('gives one day for a same-day window', () => {
    expect(periodsOf(at('10:00'), at('12:00'))).toEqual(['2030-01-10']);
  });

  it('gives one day for a window starting exactly at midnight', () => {
    expect(periodsOf(at('00:00'), at('01:00'))).toEqual(['2030-01-10']);
  });

  it('gives both days for a window crossing midnight UTC', () => {
    expect(periodsOf(at('22:00'), at('02:00', '2030-01-11'))).toEqual(['2030-01-10', '2030-01-11']);
  });

  it('does not include the next day for a window ending exactly at midnight', () => {
    expect(periodsOf(at('22:00'), at('00:00', '2030-01-11'))).toEqual(['2030-01-10']);
  });

  it('includes the next day when the window ends one millisecond after midnight', () => {
    expect(periodsOf(at('22:00'), new Date(at('00:00', '2030-01-11').getTime() + 1))).toEqual(['2030-01-10', '2030-01-11']);
  });

  it('gives three days for a 48 h window starting mid-day', () => {
    expect(periodsOf(at('10:00'), at('10:00', '2030-01-12'))).toEqual(['2030-01-10', '2030-01-11', '2030-01-12']);
  });

  it('gives two days for a 48 h window starting at midnight', () => {
    expect(periodsOf(at('00:00'), at('00:00', '2030-01-12'))).toEqual(['2030-01-10', '2030-01-11']);
  });

  it('crosses month and year boundaries', () => {
    expect(periodsOf(at('23:00', '2029-12-31'), at('01:00', '2030-01-01'))).toEqual(['2029-12-31', '2030-01-01']);
  });

  it('names one stream per locker per day', () => {
    expect(scheduleStreamId('L1', '2030-01-10')).toBe('locker-schedule-L1-2030-01-10');
  });
});
