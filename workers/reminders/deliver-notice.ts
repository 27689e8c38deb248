// Sends a recorded notice on the channels it was recorded for. At most once: the record is
// appended first (commands/reminder-commands.ts), so a crash or a failed send after it loses that
// channel's copy rather than sending it twice (ADR 0023); the in-app notice is the record itself.
import type { NoticeChannel, ReminderKind } from '../../domain/reminders/reminder-events.js';
import { noticeLink, noticeText } from '../../domain/reminders/reminder-messages.js';
import type { Pool } from 'pg';
import type { Mailer } from '../../infra/mail/port.js';
import { reminderMessage } from '../../infra/mail/reminder-templates.js';
import type { PushSender } from '../../infra/push/web-push-sender.js';
import { dropPushSubscription, noticeRecipient, pushSubscriptionsOf } from '../../projections/notifications/preference-queries.js';
import { findReservation } from '../../projections/reservations/queries.js';

export interface DeliverDeps {
  db: Pool;
  mailer: Mailer;
  /** Absent when Web Push is off (no VAPID keys). */
  push?: PushSender;
  /** The web app's origin, for the links. */
  appUrl: string;
  log: (line: string) => void;
  /** How long an overdue locker stays held (OVERDUE_HOLD_HOURS): the overdue notice says until when. */
  holdMs: number;
}

export interface Notice {
  reservationId: string;
  userId: string;
  kind: ReminderKind;
  endMs: number;
  channels: readonly NoticeChannel[];
}

export async function deliverNotice(deps: DeliverDeps, n: Notice): Promise<void> {
  const row = await findReservation(deps.db, n.reservationId);
  const text = noticeText({
    kind: n.kind,
    endMs: n.endMs,
    hubName: row?.hub_name ?? null,
    lockerNumber: row?.locker_order_number ?? null,
    holdMs: deps.holdMs,
  });
  const to = noticeLink(n.kind, n.reservationId);
  const link = { url: `${deps.appUrl}${to.path}`, label: to.label };
  const sends: Promise<void>[] = [];
  if (n.channels.includes('email')) {
    sends.push(
      (async () => {
        const recipient = await noticeRecipient(deps.db, n.userId);
        if (recipient) await deps.mailer.send(reminderMessage(recipient, text, link));
      })().catch((error: unknown) => deps.log(`[reminders] e-mail for ${n.reservationId} (${n.kind}) failed: ${(error as Error).message}`)),
    );
  }
  if (n.channels.includes('push') && deps.push) {
    const push = deps.push;
    const payload = JSON.stringify({ title: text.title, body: text.body, url: link.url, tag: `${n.reservationId}.${n.kind}` });
    for (const sub of await pushSubscriptionsOf(deps.db, n.userId)) {
      sends.push(
        push
          .send(sub, payload)
          .then(async (result) => {
            if (result === 'gone') await dropPushSubscription(deps.db, sub.endpoint);
          })
          .catch((error: unknown) => deps.log(`[reminders] push for ${n.reservationId} (${n.kind}) failed: ${(error as Error).message}`)),
      );
    }
  }
  await Promise.all(sends);
}
