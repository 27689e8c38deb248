import type { SettingsReader } from '../../commands/settings-reader.js';
import type { Mailer } from '../../infra/mail/port.js';

// The mails the 'Notificações por e-mail' setting governs (issue 27 item 7): notices to renters
// about their reservations and access (today: access revoked, with the reservations it
// cancelled). Turned off, they are not sent. Account mails (password recovery, e-mail
// confirmation, operator invitations and role notices) and contact messages to support are
// never governed: they are how people get into their accounts and reach support.

export function noticeMailer(mailer: Mailer, settings: SettingsReader, log: { info(obj: object, msg: string): void }): Mailer {
  return {
    async send(message) {
      if (!(await settings.current()).emailNotifications) {
        log.info({ subject: message.subject }, 'e-mail notifications are off: notice not sent');
        return;
      }
      await mailer.send(message);
    },
    close: () => Promise.resolve(), // the mailer it wraps is closed by its owner
  };
}
