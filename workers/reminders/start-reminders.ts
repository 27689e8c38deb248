// Builds the reminder workers of a process (workers/main.ts, run/all-in-one.ts) from its config:
// the lead (REMINDER_LEAD_MINUTES), the sweep period, the mailer and Web Push when keys exist.
import type { Pool } from 'pg';
import { overdueHoldMsFromEnv, reminderLeadMsFromEnv } from '../../commands/reminder-schedule.js';
import { loopbackWebhooksAllowed } from '../../commands/webhook-commands.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { VapidKeys } from '../../infra/push/vapid.js';
import { createPushSender } from '../../infra/push/web-push-sender.js';
import type { JobQueue } from '../../infra/queue/port.js';
import type { ReminderWorkers } from './reminder-workers.js';
import { reminderSweepIntervalFromEnv, startReminderWorkers } from './reminder-workers.js';

export function startReminders(deps: {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  mailer: Mailer;
  vapid: VapidKeys | null;
  appUrl: string;
  clock: () => Date;
  sweepLock?: boolean;
  env?: NodeJS.ProcessEnv;
}): ReminderWorkers {
  const env = deps.env ?? process.env;
  return startReminderWorkers(
    {
      db: deps.db,
      store: deps.store,
      queue: deps.queue,
      clock: deps.clock,
      mailer: deps.mailer,
      push: deps.vapid ? createPushSender(deps.vapid, { allowLoopback: loopbackWebhooksAllowed(env) || env.PUSH_ALLOW_LOOPBACK === '1' }) : undefined,
      appUrl: deps.appUrl,
      leadMs: reminderLeadMsFromEnv(env),
      holdMs: overdueHoldMsFromEnv(env),
      log: (line) => console.log(line),
    },
    { sweepIntervalMs: reminderSweepIntervalFromEnv(env), sweepLock: deps.sweepLock },
  );
}
