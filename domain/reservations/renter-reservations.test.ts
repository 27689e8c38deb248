import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { RenterEvent } from './renter-reservations.js';
import { activeReservations, decideOpen, evolveRenter, initialRenterState, limitMessage, renterFactsOf } from './renter-reservations.js';

const at = (hhmm: string) => new Date(`2030-01-10T${hhmm}:00.000Z`);
const renter = { evolve: evolveRenter, initialState: initialRenterState };
const opened = (reservationId: string, end: string, due: string | null = null): RenterEvent => ({
  type: 'RenterReservationOpened',
  data: { userId: 'u1', reservationId, endTime: at(end).toISOString(), paymentDueAt: due ? at(due).toISOString() : null },
});
const open = (given: RenterEvent[], reservationId: string, now: string, limit = 2) =>
  decideOpen(fold(renter, given), { userId: 'u1', reservationId, endTime: at('18:00').toISOString(), paymentDueAt: null, now: at(now), limit });

describe('the renter limit', () => {
  it('opens a reservation below the limit', () => {
    expect(open([opened('r1', '12:00')], 'r2', '10:00')).toEqual([
      { type: 'RenterReservationOpened', data: { userId: 'u1', reservationId: 'r2', endTime: at('18:00').toISOString(), paymentDueAt: null } },
    ]);
  });

  it('refuses one more at the limit, with the pt-BR message', () => {
    let caught: unknown;
    try {
      open([opened('r1', '12:00'), opened('r2', '12:00')], 'r3', '10:00');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ kind: 'conflict', code: 'reservation_limit', message: 'Você atingiu o limite de 2 reservas ativas.' });
    expect(limitMessage(1)).toBe('Você atingiu o limite de 1 reserva ativa.');
  });

  it('counts a reservation until its end, whether or not its expiry was written', () => {
    expect(open([opened('r1', '10:00'), opened('r2', '12:00')], 'r3', '10:00')).toHaveLength(1);
  });

  it('counts an unpaid reservation only until its payment is due, a paid one to its end', () => {
    const unpaid = [opened('r1', '12:00', '10:15'), opened('r2', '12:00', '10:15')];
    expect(activeReservations(fold(renter, unpaid), at('10:14').getTime())).toBe(2);
    expect(activeReservations(fold(renter, unpaid), at('10:15').getTime())).toBe(0);
    const paid = [...unpaid, ...renterFactsOf('u1', [{ type: 'PaymentConfirmed', data: { reservationId: 'r1', method: 'pix', amountCents: 1, paidAt: '' } }])];
    expect(activeReservations(fold(renter, paid), at('11:00').getTime())).toBe(1);
  });

  it('frees a place when a reservation closes early', () => {
    const closed = renterFactsOf('u1', [{ type: 'ReservationCancelled', data: { reservationId: 'r1', at: at('10:00').toISOString(), reason: 'x' } }]);
    expect(closed).toEqual([{ type: 'RenterReservationClosed', data: { userId: 'u1', reservationId: 'r1', at: at('10:00').toISOString() } }]);
    expect(open([opened('r1', '12:00'), opened('r2', '12:00'), ...closed], 'r3', '10:00')).toHaveLength(1);
  });

  it('opening the same reservation again decides nothing (a retried booking)', () => {
    expect(open([opened('r1', '12:00'), opened('r2', '12:00')], 'r2', '10:00')).toEqual([]);
  });
});
