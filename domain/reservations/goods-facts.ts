import type { HubEvent } from '../hubs/hub-events.js';
import type { ReservationEvent, ReservationState } from './reservation-events.js';

/**
 * What a reservation's own new events mean for its Hub's stream (appended with them): goods left
 * for pickup hold the locker until collected, which a booking learns from the Hub it reads anyway.
 * `state` is the reservation after the events.
 */
export function goodsFactsOf(state: ReservationState, events: readonly ReservationEvent[]): HubEvent[] {
  if (state.status === 'none') return [];
  const { hubId, lockerId, reservationId } = state;
  return events.flatMap((event): HubEvent[] => {
    if (event.type === 'LeftForPickup') {
      return [{ type: 'GoodsLeftInLocker', data: { hubId, lockerId, reservationId, startTime: new Date(state.startMs).toISOString() } }];
    }
    if (event.type === 'PickupCompleted') return [{ type: 'GoodsCollected', data: { hubId, lockerId, reservationId } }];
    return [];
  });
}
