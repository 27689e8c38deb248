import type { PoolClient } from 'pg';
import type { ReminderEvent } from '../../domain/reminders/reminder-events.js';
import { REMINDER_EVENT_TYPES } from '../../domain/reminders/reminder-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { NOTIFICATIONS_TABLE, REMINDERS_TABLE } from './queries.js';

// rm_reminders: every notice recorded (ReminderSent), which the reminder sweeper checks before
// looking at a stream; rm_notifications: the in-app ones, one per event (its id), listed in the
// bell. Read flags live apart (notification_reads), so a rebuild keeps them.

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!REMINDER_EVENT_TYPES.has(stored.type)) return;
  const event = stored as unknown as ReminderEvent;
  if (event.type === 'OverdueHoldReleased') {
    await client.query(`UPDATE ${REMINDERS_TABLE} SET released_at = $3 WHERE reservation_id = $1 AND kind = 'overdue' AND end_at = $2`, [
      event.data.reservationId,
      event.data.endAt,
      event.data.at,
    ]);
    return;
  }
  const { data } = event;
  await client.query(`INSERT INTO ${REMINDERS_TABLE} (reservation_id, kind, end_at, sent_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
    data.reservationId,
    data.kind,
    data.endAt,
    data.at,
  ]);
  if (!data.channels.includes('in_app')) return;
  await client.query(
    `INSERT INTO ${NOTIFICATIONS_TABLE} (id, user_id, reservation_id, kind, end_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [stored.id, data.userId, data.reservationId, data.kind, data.endAt, data.at],
  );
}

export const notificationsProjector: Projector = {
  name: 'notifications',
  tables: [REMINDERS_TABLE, NOTIFICATIONS_TABLE],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => REMINDER_EVENT_TYPES.has(event.type),
};
