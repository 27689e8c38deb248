// What a reminder job does when it fires (or the sweeper finds one a lost job missed): read the
// reservation from its stream, decide (domain/reminders/reminder-decide.ts), then reschedule for
// a moved end, drop, or record the notice and send it.
import type { Pool } from 'pg';
import { readReservation } from '../../commands/reservation-commands.js';
import { recordReminder, releaseOverdueHold, sentReminders } from '../../commands/reminder-commands.js';
import type { ReminderJobPayload } from '../../commands/reminder-schedule.js';
import { OVERDUE_RELEASE_JOB, REMINDER_JOB, reminderJobId } from '../../commands/reminder-schedule.js';
import { reminderStep } from '../../domain/reminders/reminder-decide.js';
import type { NoticeChannel } from '../../domain/reminders/reminder-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { countPushSubscriptions, readPreferences } from '../../projections/notifications/preference-queries.js';
import { settingsOverrides } from '../../projections/settings/queries.js';
import { workerContext } from '../worker-context.js';
import type { DeliverDeps } from './deliver-notice.js';
import { deliverNotice } from './deliver-notice.js';

export interface ReminderJobDeps extends DeliverDeps {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  clock: () => Date;
  leadMs: number;
}

export type ReminderOutcome = 'sent' | 'rescheduled' | 'dropped';

export async function runReminder(deps: ReminderJobDeps, job: ReminderJobPayload, causationId: string): Promise<ReminderOutcome> {
  const { state, log } = await readReservation(deps, job.reservationId);
  if (state.status === 'none') return 'dropped';
  const expired = log.findLast((e) => e.event.type === 'ReservationExpired')?.event;
  const expiredReason = expired?.type === 'ReservationExpired' ? expired.data.reason : undefined;
  const sent = await sentReminders(deps, job.reservationId);
  const now = deps.clock();
  const step = reminderStep(job.kind, job.endMs, { status: state.status, endMs: state.endMs, expiredReason }, sent, now.getTime(), deps.leadMs);
  if (step.action === 'drop') return 'dropped';
  if (step.action === 'reschedule') {
    const payload: ReminderJobPayload = { ...job, endMs: step.endMs };
    await deps.queue.schedule(REMINDER_JOB, payload, { runAt: new Date(step.runAtMs), jobId: reminderJobId(job.reservationId, job.kind) });
    return 'rescheduled';
  }
  const channels = await channelsFor(deps, state.userId);
  const endAt = new Date(step.endMs).toISOString();
  const ctx = workerContext(now, causationId);
  const hold = { reservationId: job.reservationId, hubId: state.hubId, lockerId: state.lockerId, startMs: state.startMs };
  const recorded = await recordReminder(deps, { reservationId: job.reservationId, userId: state.userId, kind: job.kind, endAt, channels }, ctx, hold);
  if (!recorded) return 'dropped'; // another worker recorded it first and sends it
  if (job.kind === 'overdue') {
    // The hold ends on its own time (ADR 0023); the sweeper releases it if this job is lost.
    await deps.queue
      .schedule(OVERDUE_RELEASE_JOB, { reservationId: job.reservationId }, { runAt: new Date(step.endMs + deps.holdMs), jobId: `${job.reservationId}.release` })
      .catch((error: unknown) => deps.log(`[reminders] could not schedule the release of ${job.reservationId}: ${(error as Error).message}`));
  }
  await deliverNotice(deps, { reservationId: job.reservationId, userId: state.userId, kind: job.kind, endMs: step.endMs, channels });
  return 'sent';
}

/** Ends a reservation's overdue hold when due (a job at end + hold, or the sweeper). */
export async function runRelease(deps: ReminderJobDeps, reservationId: string, causationId: string): Promise<boolean> {
  const { state } = await readReservation(deps, reservationId);
  if (state.status === 'none') return false;
  const hold = { reservationId, hubId: state.hubId, lockerId: state.lockerId, startMs: state.startMs };
  return releaseOverdueHold(deps, hold, deps.holdMs, workerContext(deps.clock(), causationId));
}

/**
 * The renter's switches as they stand now. E-mail also needs the platform's notices to renters on
 * (the admins' setting); push needs VAPID keys and a subscription, so the record says where it went.
 */
async function channelsFor(deps: ReminderJobDeps, userId: string): Promise<NoticeChannel[]> {
  const [prefs, overrides] = await Promise.all([readPreferences(deps.db, userId), settingsOverrides(deps.db)]);
  const channels: NoticeChannel[] = [];
  if (prefs.email && overrides.overrides.emailNotifications !== false) channels.push('email');
  if (prefs.in_app) channels.push('in_app');
  if (prefs.push && deps.push && (await countPushSubscriptions(deps.db, userId)) > 0) channels.push('push');
  return channels;
}
