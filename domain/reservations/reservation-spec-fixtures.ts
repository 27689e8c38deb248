import { specFor } from '../shared/decider-spec.js';
import type { ReservationEvent } from './reservation-events.js';
import { reservationDecider } from './reservation-decide.js';

// The reservation the decider specs start from: 2 h, 10:00–12:00 on 10/01/2030, R$ 5,00/h,
// locker 1 (M) of SP-01, and its payment at 09:55.

export const given = specFor(reservationDecider);
export const reservationId = 'res-1';
export const at = (hhmm: string) => new Date(`2030-01-10T${hhmm}:00.000Z`);
export const iso = (hhmm: string) => at(hhmm).toISOString();

export const created: Extract<ReservationEvent, { type: 'ReservationCreated' }> = {
  type: 'ReservationCreated',
  data: {
    reservationId,
    userId: 'renter',
    hubId: 'SP-01',
    lockerId: 'L1',
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: iso('10:00'),
    endTime: iso('12:00'),
    pricePerHourCents: 500,
    priceCents: 1000,
    periods: ['2030-01-10'],
  },
};
export const paid: ReservationEvent = { type: 'PaymentConfirmed', data: { reservationId, method: 'pix', amountCents: 1000, paidAt: iso('09:55') } };
