// The reminder jobs of a reservation (issue 28 item 7, ADR 0023): one delayed job per kind,
// scheduled when it becomes active (paid, or born paid), with a job id per reservation and kind,
// so scheduling again replaces the pending one. Jobs live in Redis (BullMQ) and survive restarts;
// the reminder sweeper covers a job Redis lost. A job fired for an end that has since moved
// reschedules itself for the new end (workers/reminders/).
import { reminderDueAt, DEFAULT_REMINDER_LEAD_MS } from '../domain/reminders/reminder-decide.js';
import type { ReminderKind } from '../domain/reminders/reminder-events.js';
import { REMINDER_KINDS } from '../domain/reminders/reminder-events.js';
import { DEFAULT_OVERDUE_HOLD_MS } from '../domain/reminders/overdue-hold.js';
import type { CommandDeps } from './deps.js';

export const REMINDER_JOB = 'reservation.reminder';

export interface ReminderJobPayload {
  [key: string]: unknown;
  reservationId: string;
  kind: ReminderKind;
  /** The end this run is for (epoch ms). */
  endMs: number;
}

export const reminderJobId = (reservationId: string, kind: ReminderKind) => `${reservationId}.${kind}`;

/** REMINDER_LEAD_MINUTES: how long before the end the first reminder goes (default 30; decimals for tests). */
export function reminderLeadMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REMINDER_LEAD_MINUTES;
  if (raw === undefined || raw === '') return DEFAULT_REMINDER_LEAD_MS;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
    throw new Error(`REMINDER_LEAD_MINUTES must be a number of minutes above 0, at most 1440 (got "${raw}")`);
  return Math.round(minutes * 60_000);
}

/** OVERDUE_HOLD_HOURS: how long a locker stays held past an unfinalized end (default 24; decimals for tests). */
export function overdueHoldMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OVERDUE_HOLD_HOURS;
  if (raw === undefined || raw === '') return DEFAULT_OVERDUE_HOLD_MS;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30)
    throw new Error(`OVERDUE_HOLD_HOURS must be a number of hours above 0, at most 720 (got "${raw}")`);
  return Math.round(hours * 3_600_000);
}

export const OVERDUE_RELEASE_JOB = 'reservation.overdue-release';

/** Schedules (or moves) both reminders of a reservation ending at endMs. Never fails the caller. */
export async function scheduleReminders(deps: Pick<CommandDeps, 'queue' | 'log'>, reservationId: string, endMs: number, leadMs = reminderLeadMsFromEnv()) {
  for (const kind of REMINDER_KINDS) {
    const payload: ReminderJobPayload = { reservationId, kind, endMs };
    await deps.queue
      .schedule(REMINDER_JOB, payload, { runAt: new Date(reminderDueAt(kind, endMs, leadMs)), jobId: reminderJobId(reservationId, kind) })
      .catch((err: unknown) => deps.log.warn({ err, reservationId, kind }, 'could not schedule reminder'));
  }
}
