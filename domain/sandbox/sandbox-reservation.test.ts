import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { SANDBOX_HUBS, SANDBOX_PRICES, sandboxHub } from './sandbox-hubs.js';
import type { SandboxBookingRequest, SandboxReservation } from './sandbox-reservation.js';
import { bookSandbox, decideSandbox, sandboxCodeSlot, settleSandbox } from './sandbox-reservation.js';

const at = (hhmm: string, day = '2030-01-10') => new Date(`${day}T${hhmm}:00.000Z`);
const teste02 = sandboxHub('teste-02')!;
const request = (overrides: Partial<SandboxBookingRequest> = {}): SandboxBookingRequest => ({
  reservationId: 'r-1',
  partnerId: 'p-1',
  size: 'X',
  start: at('10:00'),
  end: at('12:30'),
  now: at('09:50'),
  maxHours: 48,
  paymentWindowMs: 15 * 60_000,
  limit: 5,
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' },
  ...overrides,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return null;
};

describe('the simulated Hubs', () => {
  it('are TESTE-01 and TESTE-02 with every size at the sample prices, and no secret key', () => {
    expect(SANDBOX_HUBS.map((h) => h.status === 'registered' && h.hubId)).toEqual(['TESTE-01', 'TESTE-02']);
    for (const hub of SANDBOX_HUBS) {
      if (hub.status !== 'registered') throw new Error('registered');
      expect(hub.secretKey).toBe('');
      expect(new Set(hub.lockers.map((l) => l.size))).toEqual(new Set(['P', 'M', 'G', 'X']));
      for (const l of hub.lockers) expect(l.pricePerHourCents).toBe(SANDBOX_PRICES[l.size]);
    }
    expect(sandboxHub('SP-01')).toBeUndefined();
  });
});

describe('bookSandbox', () => {
  it('given a free X locker, when booked, then it is active and paid as sandbox at the live price rule', () => {
    const r = bookSandbox(request(), teste02, []);
    expect(r).toMatchObject({
      id: 'r-1',
      hubId: 'TESTE-02',
      size: 'X',
      lockerNumber: 6,
      status: 'active',
      priceCents: 3 * SANDBOX_PRICES.X, // 2h30 → 3 started hours
      paymentMethod: 'sandbox',
      amountCents: 3 * SANDBOX_PRICES.X,
      paymentDueMs: null,
    });
  });

  it('given the only X locker taken, when another booking overlaps, then no locker; a later window is free', () => {
    const first = bookSandbox(request(), teste02, []);
    expect(codeOf(() => bookSandbox(request({ reservationId: 'r-2', start: at('12:00'), end: at('13:00') }), teste02, [first]))).toBe('no_locker_available');
    expect(bookSandbox(request({ reservationId: 'r-2', start: at('12:30'), end: at('13:00') }), teste02, [first]).lockerId).toBe(first.lockerId);
    const cancelled = decideSandbox(first, { type: 'CancelReservation', reason: 'partner', now: at('09:55') });
    expect(bookSandbox(request({ reservationId: 'r-3' }), teste02, [cancelled]).lockerId).toBe(first.lockerId);
  });

  it("holds the end customer to the reservation limit, another customer's bookings apart", () => {
    const first = bookSandbox(request({ size: 'P', limit: 1 }), teste02, []);
    expect(codeOf(() => bookSandbox(request({ reservationId: 'r-2', size: 'P', limit: 1 }), teste02, [first]))).toBe('reservation_limit');
    const other = request({ reservationId: 'r-3', size: 'P', limit: 1, customer: { name: 'Rafael', phone: '21998761234' } });
    expect(bookSandbox(other, teste02, [first]).status).toBe('active');
  });

  it('refuses what a live booking refuses, with the same codes', () => {
    expect(codeOf(() => bookSandbox(request({ end: at('09:00') }), teste02, []))).toBe('invalid_window');
    expect(codeOf(() => bookSandbox(request({ start: at('08:00') }), teste02, []))).toBe('start_in_past');
    expect(codeOf(() => bookSandbox(request({ maxHours: 2 }), teste02, []))).toBe('too_long');
  });
});

describe('decideSandbox and settleSandbox', () => {
  const booked = (): SandboxReservation => bookSandbox(request(), teste02, []);

  it('cancels an open reservation once; a second cancel changes nothing; a closed one refuses', () => {
    const cancelled = decideSandbox(booked(), { type: 'CancelReservation', reason: 'partner', now: at('09:55') });
    expect(cancelled.status).toBe('cancelled');
    expect(decideSandbox(cancelled, { type: 'CancelReservation', reason: 'partner', now: at('09:56') })).toBe(cancelled);
    const ended = settleSandbox(booked(), at('12:30'));
    expect(ended.status).toBe('expired');
    expect(codeOf(() => decideSandbox(ended, { type: 'CancelReservation', reason: 'partner', now: at('12:31') }))).toBe('reservation_closed');
  });

  it('leaves a reservation that is not due as it is', () => {
    const r = booked();
    expect(settleSandbox(r, at('11:00'))).toBe(r);
  });

  it('shows a test code only while active inside the window, rotating every 5 minutes', () => {
    const r = booked();
    expect(sandboxCodeSlot(r, at('09:59'))).toBeNull();
    expect(sandboxCodeSlot(r, at('10:07'))).toEqual({ n: 1, expiresMs: at('10:10').getTime() });
    expect(sandboxCodeSlot(r, at('12:28'))).toEqual({ n: 29, expiresMs: at('12:30').getTime() });
    expect(sandboxCodeSlot({ ...r, status: 'cancelled' }, at('10:07'))).toBeNull();
  });
});
