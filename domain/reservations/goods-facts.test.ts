import { details } from '../hubs/hub-spec-fixtures.js';
import { describe, expect, it } from 'vitest';
import type { HubEvent, HubState } from '../hubs/hub-events.js';
import { evolveHub, initialHubState, lockersHoldingGoods } from '../hubs/hub-events.js';
import { goodsFactsOf } from './goods-facts.js';
import type { ReservationState } from './reservation-events.js';

const at = (iso: string) => new Date(iso);
const reservation = (id: string, lockerId: string, start: string): Extract<ReservationState, { lockerId: string }> => ({
  status: 'awaiting_pickup',
  reservationId: id,
  userId: 'u1',
  hubId: 'SP-01',
  lockerId,
  lockerSize: 'P',
  startMs: Date.parse(start),
  endMs: Date.parse(start) + 3_600_000,
  priceCents: 500,
  pricePerHourCents: 500,
  periods: [],
  paymentDueMs: null,
  code: null,
  claimedBy: null,
  pickupCode: null,
});
const registered: HubEvent = {
  type: 'HubRegistered',
  data: {
    hubId: 'SP-01',
    secretKey: 'k',
    ...details,
  },
};
const fold = (events: HubEvent[]): HubState => events.reduce(evolveHub, initialHubState());

describe('goods waiting, on the Hub stream', () => {
  it('given a reservation left for pickup, its Hub learns which locker holds goods since when', () => {
    const r1 = reservation('r1', 'L1', '2025-03-10T12:00:00.000Z');
    expect(goodsFactsOf(r1, [{ type: 'LeftForPickup', data: { reservationId: 'r1', at: '2025-03-10T12:30:00.000Z' } }])).toEqual([
      { type: 'GoodsLeftInLocker', data: { hubId: 'SP-01', lockerId: 'L1', reservationId: 'r1', startTime: '2025-03-10T12:00:00.000Z' } },
    ]);
    const done = { ...r1, status: 'completed' as const };
    expect(goodsFactsOf(done, [{ type: 'PickupCompleted', data: { reservationId: 'r1', userId: 'x', at: '2025-03-11T09:00:00.000Z' } }])).toEqual([
      { type: 'GoodsCollected', data: { hubId: 'SP-01', lockerId: 'L1', reservationId: 'r1' } },
    ]);
    expect(goodsFactsOf(r1, [{ type: 'PickupClaimed', data: { reservationId: 'r1', userId: 'x', at: '' } }])).toEqual([]);
  });

  it('a locker holds goods for windows ending after its reservation started, until they are collected', () => {
    const left = (id: string, lockerId: string, startTime: string): HubEvent => ({
      type: 'GoodsLeftInLocker',
      data: { hubId: 'SP-01', lockerId, reservationId: id, startTime },
    });
    const hub = fold([
      registered,
      left('r1', 'L1', '2025-03-10T12:00:00.000Z'),
      left('r2', 'L2', '2025-03-12T12:00:00.000Z'),
      left('r1', 'L1', '2025-03-10T12:00:00.000Z'),
    ]);
    expect(hub.status === 'registered' && hub.goodsWaiting).toHaveLength(2); // the repeated fact changes nothing
    expect([...lockersHoldingGoods(hub, at('2025-03-11T00:00:00Z'))]).toEqual(['L1']);
    expect([...lockersHoldingGoods(hub, at('2025-03-13T00:00:00Z'))].sort()).toEqual(['L1', 'L2']);
    const collected = evolveHub(hub, { type: 'GoodsCollected', data: { hubId: 'SP-01', lockerId: 'L1', reservationId: 'r1' } });
    expect([...lockersHoldingGoods(collected, at('2025-03-13T00:00:00Z'))]).toEqual(['L2']);
    expect(lockersHoldingGoods(initialHubState(), at('2025-03-13T00:00:00Z')).size).toBe(0);
  });
});
