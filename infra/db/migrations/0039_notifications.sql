-- Up Migration

-- Issue 28 item 7: reminders of a reservation's end and the overdue notice (ADR 0023).
--
-- Read models of the notifications projector (projections/notifications/), rebuilt from the
-- ReminderSent events of the `reminders-{reservationId}` streams: every notice recorded (what the
-- sweeper checks), and the in-app ones a renter lists. Ids only; the text is made when read.
CREATE TABLE rm_reminders (
  reservation_id uuid NOT NULL,
  kind text NOT NULL,
  end_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  -- An overdue notice's hold on the locker ended (OverdueHoldReleased); null while it holds.
  released_at timestamptz,
  PRIMARY KEY (reservation_id, kind, end_at)
);
-- The sweeper's look for overdue notices a lost job missed: ending-soon sent, overdue not.
CREATE INDEX rm_reminders_end ON rm_reminders (end_at) WHERE kind = 'ending_soon';
-- The holds still on (ADR 0023), which the sweeper releases when their time has come.
CREATE INDEX rm_reminders_held ON rm_reminders (end_at) WHERE kind = 'overdue' AND released_at IS NULL;

CREATE TABLE rm_notifications (
  id uuid PRIMARY KEY, -- the ReminderSent event's id: stable across rebuilds, so reads keep
  user_id uuid NOT NULL,
  reservation_id uuid NOT NULL,
  kind text NOT NULL,
  end_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX rm_notifications_user ON rm_notifications (user_id, created_at DESC);

-- Which notices a renter has read. The renter's own act, not an event: a rebuild keeps it
-- (notification ids are event ids), and erasing the account removes it.
CREATE TABLE notification_reads (
  notification_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL
);
CREATE INDEX notification_reads_user ON notification_reads (user_id);

-- Each renter's channels (the profile's switches). No row: the defaults (all on; push only
-- reaches a renter with a subscription).
CREATE TABLE notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email boolean NOT NULL,
  in_app boolean NOT NULL,
  push boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE notification_preferences;
DROP TABLE notification_reads;
DROP TABLE rm_notifications;
DROP TABLE rm_reminders;
