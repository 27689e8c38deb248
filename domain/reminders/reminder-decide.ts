import type { Decider } from '../shared/decider.js';
import type { ReservationStatus } from '../reservations/reservation-events.js';
import type { NoticeChannel, ReminderEvent, ReminderKind, RemindersState } from './reminder-events.js';
import { evolveReminders, initialRemindersState, reminderKey } from './reminder-events.js';

// When a reminder is due and what a fired job does with it. Pure: the reservation as its stream
// tells it and the time come in.

export const DEFAULT_REMINDER_LEAD_MS = 30 * 60_000;

/** What the reservation looks like to a reminder: its status, its current end, why it expired. */
export interface ReservationForReminder {
  status: ReservationStatus | 'none';
  endMs: number;
  /** Set when status is 'expired': 'ended' (ran to its end) or 'payment_overdue'. */
  expiredReason?: string;
}

/** When a notice of this kind is due for a reservation ending at endMs. */
export function reminderDueAt(kind: ReminderKind, endMs: number, leadMs: number): number {
  return kind === 'ending_soon' ? endMs - leadMs : endMs;
}

export type ReminderStep =
  /** Record it and send it (for this end). */
  | { action: 'send'; endMs: number }
  /** Not yet (fired early) or the end moved: run again at runAtMs, for the end endMs. */
  | { action: 'reschedule'; runAtMs: number; endMs: number }
  /** Nothing to send, ever, for this job: closed by the renter, already sent, or past its use. */
  | { action: 'drop'; why: 'closed' | 'sent' | 'too_late' };

/**
 * What a reminder job does when it fires. `forEndMs` is the end it was scheduled for: an end moved
 * by an extension reschedules for the new end instead of sending; a reservation finalized, left
 * for pickup or cancelled drops it. The ending-soon notice goes only while the reservation is
 * active and before its end; the overdue notice at the end, while the reservation is still active
 * (its expiry has not run yet) or expired because it ran to its end: never finalized nor left for
 * pickup, so goods may be inside (ADR 0023).
 */
export function reminderStep(
  kind: ReminderKind,
  forEndMs: number,
  r: ReservationForReminder,
  sent: RemindersState['sent'],
  nowMs: number,
  leadMs: number,
): ReminderStep {
  const endedUnclosed = r.status === 'expired' && r.expiredReason === 'ended';
  if (r.status !== 'active' && !(kind === 'overdue' && endedUnclosed)) return { action: 'drop', why: 'closed' };
  const endMs = r.endMs;
  if (sent.has(reminderKey(kind, new Date(endMs).toISOString()))) return { action: 'drop', why: 'sent' };
  const dueMs = reminderDueAt(kind, endMs, leadMs);
  if (endMs !== forEndMs || nowMs < dueMs) return { action: 'reschedule', runAtMs: dueMs, endMs };
  if (kind === 'ending_soon' && nowMs >= endMs) return { action: 'drop', why: 'too_late' };
  return { action: 'send', endMs };
}

export interface RecordReminder {
  type: 'RecordReminder';
  reservationId: string;
  userId: string;
  kind: ReminderKind;
  endAt: string;
  channels: NoticeChannel[];
  at: string;
}

/** Records a notice once per kind and end: a second worker deciding the same appends nothing. */
export const remindersDecider: Decider<RecordReminder, ReminderEvent, RemindersState> = {
  decide(command, state) {
    if (state.sent.has(reminderKey(command.kind, command.endAt))) return [];
    const { reservationId, userId, kind, endAt, channels, at } = command;
    return [{ type: 'ReminderSent', data: { reservationId, userId, kind, endAt, channels: [...channels], at } }];
  },
  evolve: evolveReminders,
  initialState: initialRemindersState,
};
