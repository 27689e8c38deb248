import type { HubEvent } from '../hubs/hub-events.js';
import type { ReminderEvent, RemindersState } from './reminder-events.js';

// The overdue hold (ADR 0023): a reservation that ran to its end without being finalized or left
// for pickup may have goods inside, so its locker stays out of new bookings for OVERDUE_HOLD_HOURS
// (default 24) after the end. It is the pickups' own mechanism: the Hub's stream records the goods
// (GoodsLeftInLocker, which by-size bookings and moves already leave out), appended atomically
// with the overdue notice, and GoodsCollected when the hold ends, with OverdueHoldReleased here.

export const DEFAULT_OVERDUE_HOLD_MS = 24 * 60 * 60_000;

export interface HeldLocker {
  reservationId: string;
  hubId: string;
  lockerId: string;
  startMs: number;
}

/** The Hub's fact that goods may be in the locker: appended with the overdue notice. */
export function overdueHoldFacts(r: HeldLocker): HubEvent[] {
  const { hubId, lockerId, reservationId } = r;
  return [{ type: 'GoodsLeftInLocker', data: { hubId, lockerId, reservationId, startTime: new Date(r.startMs).toISOString() } }];
}

/** Ends the hold once its time has come: nothing when none is on (never held, or released already). */
export function releaseHold(state: RemindersState, r: HeldLocker, nowMs: number, holdMs: number): { reminders: ReminderEvent[]; hub: HubEvent[] } | null {
  if (state.heldFor === null || nowMs < Date.parse(state.heldFor) + holdMs) return null;
  const { hubId, lockerId, reservationId } = r;
  return {
    reminders: [{ type: 'OverdueHoldReleased', data: { reservationId, hubId, lockerId, endAt: state.heldFor, at: new Date(nowMs).toISOString() } }],
    hub: [{ type: 'GoodsCollected', data: { hubId, lockerId, reservationId } }],
  };
}
