import { describe, expect, it } from 'vitest';
import type { TimedEvent } from './as-of-fold.js';
import { heldAt, hubAt, reservationAt, snapshotAt } from './as-of-fold.js';

// Given a stream's events, when it is folded up to an instant, then only what was decided by
// then counts.

const at = (hhmm: string) => `2026-11-25T${hhmm}:00.000Z`;
const ms = (hhmm: string) => Date.parse(at(hhmm));
const ev = (type: string, data: unknown, when: string): TimedEvent => ({ type, data, metadata: { at: at(when) } });

const details = {
  name: 'Paulista',
  address: 'Av. Paulista, 1000',
  zipcode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  description: 'Hub',
  latitude: -23.56,
  longitude: -46.65,
  imageUrl: null,
  private: false,
  autoRegistration: false,
  kind: 'centralized',
  hardware: 'LK-31',
};
const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const R1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const U1 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const locker = (lockerId: string, orderNumber: number) => ({
  hubId: 'SP-01',
  lockerId,
  orderNumber,
  size: 'M',
  type: 'GMV',
  pricePerHourCents: 600,
  status: 'Ativo',
  collectNumber: null,
});

const hubStream: TimedEvent[] = [
  ev('HubRegistered', { hubId: 'SP-01', secretKey: 'S3CRET', ...details }, '10:00'),
  ev('LockerInstalled', locker(L1, 1), '10:01'),
  ev('LockerInstalled', locker(L2, 2), '10:02'),
  ev('HubDetailsChanged', { hubId: 'SP-01', changes: { name: 'Paulista 2' } }, '11:00'),
  ev('LockerDeactivated', { hubId: 'SP-01', lockerId: L1 }, '12:00'),
  ev('HubRemoved', { hubId: 'SP-01' }, '20:00'),
];

const created = ev(
  'ReservationCreated',
  {
    reservationId: R1,
    userId: U1,
    hubId: 'SP-01',
    lockerId: L1,
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: at('13:00'),
    endTime: at('15:00'),
    pricePerHourCents: 600,
    priceCents: 1200,
    periods: ['2026-11-25'],
    paymentDueAt: at('11:45'),
  },
  '11:30',
);
const paid = ev('PaymentConfirmed', { reservationId: R1, method: 'pix', amountCents: 1200, paidAt: at('11:40') }, '11:40');
const movedToL2 = ev(
  'ReservationMoved',
  { reservationId: R1, hubId: 'SP-01', fromLockerId: L1, toLockerId: L2, toLockerOrderNumber: 2, periods: ['2026-11-25'] },
  '12:00',
);
const finalized = ev('ReservationFinalized', { reservationId: R1, at: at('14:00') }, '14:00');

describe('the Hub as it was at an instant', () => {
  it('given no event yet, the Hub did not exist', () => {
    expect(hubAt(hubStream, ms('09:59')).status).toBe('none');
    expect(snapshotAt(hubAt(hubStream, ms('09:59')), [], ms('09:59'), () => '')).toEqual({ at: at('09:59'), hub: null, lockers: [] });
  });

  it('given the changes before the instant, only those show', () => {
    const before = hubAt(hubStream, ms('10:59'));
    const after = hubAt(hubStream, ms('12:00'));
    expect(before.status === 'registered' && before.details.name).toBe('Paulista');
    expect(before.status === 'registered' && before.lockers.map((l) => l.status)).toEqual(['Ativo', 'Ativo']);
    expect(after.status === 'registered' && after.details.name).toBe('Paulista 2');
    expect(after.status === 'registered' && after.lockers.map((l) => l.status)).toEqual(['Inativo', 'Ativo']);
  });

  it('given the Hub was removed, the answer has no Hub', () => {
    expect(snapshotAt(hubAt(hubStream, ms('20:00')), [], ms('20:00'), () => '').hub).toBeNull();
  });

  it('given a reservation made later, it is not there yet', () => {
    expect(reservationAt([created, paid], ms('11:29'))).toBeNull();
  });

  it('given an unpaid booking, it holds its locker within its payment window only', () => {
    const pending = reservationAt([created], ms('11:44'))!;
    expect(pending.status).toBe('pending');
    expect(heldAt(pending, ms('11:44'))).toBe(true);
    expect(heldAt(reservationAt([created], ms('11:46'))!, ms('11:46'))).toBe(false);
  });

  it('given a move, the booking is on its new locker from the move on', () => {
    const events = [created, paid, movedToL2, finalized];
    expect(reservationAt(events, ms('11:50'))!.lockerId).toBe(L1);
    expect(reservationAt(events, ms('12:30'))!.lockerId).toBe(L2);
    expect(reservationAt(events, ms('13:30'))!.status).toBe('active');
    expect(reservationAt(events, ms('14:00'))!.status).toBe('completed');
  });

  it('lists each locker with the bookings holding it, the renter named, until the window ends', () => {
    const events = [created, paid, movedToL2, finalized];
    const snapshot = (hhmm: string) =>
      snapshotAt(hubAt(hubStream, ms(hhmm)), [reservationAt(events, ms(hhmm))!], ms(hhmm), (id) => (id === U1 ? 'Ana Souza' : '?'));
    const atHalfPastOne = snapshot('13:30');
    expect(atHalfPastOne.hub).toMatchObject({ id: 'SP-01', name: 'Paulista 2', type: 'centralized' });
    expect(atHalfPastOne.hub).not.toHaveProperty('secret_key');
    expect(atHalfPastOne.lockers).toEqual([
      { id: L1, order_number: 1, size: 'M', type: 'GMV', status: 'Inativo', price_per_hour: 6, bookings: [] },
      {
        id: L2,
        order_number: 2,
        size: 'M',
        type: 'GMV',
        status: 'Ativo',
        price_per_hour: 6,
        bookings: [{ reservation_id: R1, user_name: 'Ana Souza', start_time: at('13:00'), end_time: at('15:00'), status: 'active' }],
      },
    ]);
    expect(snapshot('11:41').lockers[0]!.bookings.map((b) => b.reservation_id)).toEqual([R1]);
    expect(snapshot('14:30').lockers.flatMap((l) => l.bookings)).toEqual([]);
  });

  it('events it does not know change nothing', () => {
    const odd = ev('SomethingElse', { reservationId: R1 }, '11:35');
    expect(reservationAt([created, odd], ms('11:36'))).toEqual(reservationAt([created], ms('11:36')));
  });
});
