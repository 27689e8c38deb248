import { describe, expect, it } from 'vitest';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import { evolveSnapshot, snapshotOf, webhookBody } from './reservation-snapshot.js';

const created: Extract<ReservationEvent, { type: 'ReservationCreated' }> = {
  type: 'ReservationCreated',
  data: {
    reservationId: 'r1',
    userId: 'u1',
    hubId: 'SP-01',
    lockerId: 'l1',
    lockerSize: 'M',
    lockerOrderNumber: 3,
    startTime: '2026-11-27T14:00:00.000Z',
    endTime: '2026-11-27T16:00:00.000Z',
    pricePerHourCents: 600,
    priceCents: 1200,
    periods: ['2026-11-27'],
    partnerId: 'p1',
    customer: { name: 'Ana Souza', phone: '11987654321' },
  },
};

describe('the reservation a webhook describes', () => {
  it('starts pending with the customer, and follows the reservation events', () => {
    const s0 = snapshotOf(created);
    expect(s0).toEqual({
      id: 'r1',
      hub_id: 'SP-01',
      locker_number: 3,
      size: 'M',
      start_time: '2026-11-27T14:00:00.000Z',
      end_time: '2026-11-27T16:00:00.000Z',
      status: 'pending',
      price_cents: 1200,
      customer: { name: 'Ana Souza', phone: '11987654321' },
    });
    const events: ReservationEvent[] = [
      { type: 'PaymentConfirmed', data: { reservationId: 'r1', method: 'pix', amountCents: 1200, paidAt: '2026-11-27T14:01:00.000Z' } },
      { type: 'ReservationMoved', data: { reservationId: 'r1', hubId: 'SP-01', fromLockerId: 'l1', toLockerId: 'l2', toLockerOrderNumber: 5, periods: [] } },
      { type: 'LeftForPickup', data: { reservationId: 'r1', at: '2026-11-27T15:00:00.000Z' } },
    ];
    const s3 = events.reduce(evolveSnapshot, s0);
    expect(s3).toMatchObject({ status: 'awaiting_pickup', locker_number: 5 });
    expect(evolveSnapshot(s3, { type: 'PickupCompleted', data: { reservationId: 'r1', userId: 'x', at: '2026-11-27T15:30:00.000Z' } }).status).toBe(
      'completed',
    );
    expect(evolveSnapshot(s0, { type: 'ReservationCancelled', data: { reservationId: 'r1', at: 'x', reason: 'y' } }).status).toBe('cancelled');
  });

  it('is the same object for an event that changes nothing (the projector then writes nothing)', () => {
    const s0 = snapshotOf(created);
    const door: ReservationEvent = {
      type: 'DoorOpened',
      data: { reservationId: 'r1', hubId: 'SP-01', lockerId: 'l1', lockerOrder: 3, requestId: 'q', codeKind: 'access', at: 'x' },
    };
    expect(evolveSnapshot(s0, door)).toBe(s0);
  });

  it('posts { id, type, created_at, data } in that order', () => {
    expect(webhookBody('e1', 'reservation.created', '2026-11-27T14:00:00.000Z', snapshotOf(created))).toMatch(
      /^\{"id":"e1","type":"reservation.created","created_at":"2026-11-27T14:00:00.000Z","data":\{"id":"r1",/,
    );
  });

  it('issue 28: an extension moves the end and adds what it cost', () => {
    const extended: ReservationEvent = {
      type: 'ReservationExtended',
      data: {
        reservationId: 'r1',
        extensionId: 'e1',
        hours: 2,
        fromEndTime: '2026-11-27T16:00:00.000Z',
        toEndTime: '2026-11-27T18:00:00.000Z',
        amountCents: 1200,
        periods: [],
        method: 'credit_card',
        provider: 'simulated',
        paidAt: '2026-11-27T15:00:00.000Z',
      },
    };
    expect(evolveSnapshot(snapshotOf(created), extended)).toMatchObject({ end_time: '2026-11-27T18:00:00.000Z', price_cents: 2400 });
  });
});
