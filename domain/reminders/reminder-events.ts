import type { DomainEvent } from '../shared/decider.js';

// Reminders of a reservation's end (issue 28 item 7, ADR 0023). Each notice sent is a fact on a
// stream of its own per reservation, `reminders-{reservationId}` (never `reservation-…`: the
// reservation's own commands keep their expected versions), appended with its expected version
// before any channel is used, so of several workers only one records it and sends it.

/** 'ending_soon': REMINDER_LEAD_MINUTES before the end; 'overdue': at the end, goods maybe inside. */
export type ReminderKind = 'ending_soon' | 'overdue';
export const REMINDER_KINDS: readonly ReminderKind[] = ['ending_soon', 'overdue'];

/** Where a notice may go; the renter turns each one off in the profile. */
export type NoticeChannel = 'email' | 'in_app' | 'push';
export const NOTICE_CHANNELS: readonly NoticeChannel[] = ['email', 'in_app', 'push'];

export type ReminderEvent =
  | ReminderSentEvent
  /** The overdue hold on the locker ended (ADR 0023): logistics may remove the goods; it is bookable again. */
  | DomainEvent<'OverdueHoldReleased', { reservationId: string; hubId: string; lockerId: string; endAt: string; at: string }>;

export type ReminderSentEvent = DomainEvent<
  'ReminderSent',
  {
    reservationId: string;
    userId: string;
    kind: ReminderKind;
    /** The end the notice speaks of: an extension moves the end, and the next notice is for it. */
    endAt: string;
    /** The channels it was decided for (the renter's preferences then); in_app makes the notice. */
    channels: NoticeChannel[];
    at: string;
  }
>;

export const REMINDER_EVENT_TYPES: ReadonlySet<string> = new Set(['ReminderSent', 'OverdueHoldReleased']);
export const REMINDERS_STREAM_PREFIX = 'reminders-';
export const remindersStreamId = (reservationId: string) => `${REMINDERS_STREAM_PREFIX}${reservationId}`;

/** Which notices a reservation has had, as `kind@endAt`. */
export interface RemindersState {
  sent: ReadonlySet<string>;
  /** The end of the overdue notice whose hold is on the locker, until released; null: none. */
  heldFor: string | null;
}

export const reminderKey = (kind: ReminderKind, endAt: string) => `${kind}@${endAt}`;
export const initialRemindersState = (): RemindersState => ({ sent: new Set(), heldFor: null });

export function evolveReminders(state: RemindersState, event: ReminderEvent): RemindersState {
  if (event.type === 'OverdueHoldReleased') return { ...state, heldFor: null };
  const sent = new Set([...state.sent, reminderKey(event.data.kind, event.data.endAt)]);
  return { sent, heldFor: event.data.kind === 'overdue' ? event.data.endAt : state.heldFor };
}
