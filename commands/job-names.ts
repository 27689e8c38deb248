// Every job name the workers run: what /metrics counts per queue and the queue dashboard lists.
import { ROTATE_JOB } from './code-rotation-schedule.js';
import { EXPIRE_JOB } from './deps.js';
import { OVERDUE_RELEASE_JOB, REMINDER_JOB } from './reminder-schedule.js';

/** The partners' webhook deliveries (workers/webhooks/webhook-workers.ts re-exports it). */
export const WEBHOOK_JOB = 'webhook.deliver';

export const JOB_NAMES: readonly string[] = [EXPIRE_JOB, ROTATE_JOB, REMINDER_JOB, OVERDUE_RELEASE_JOB, WEBHOOK_JOB];
