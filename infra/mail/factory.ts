// Which mailer a process uses: SMTP when SMTP_URL is set, else the outbox under DATA_DIR.
import type { MailSettings } from './settings.js';
import { createOutboxMailer, outboxDir } from './outbox.js';
import type { MailLog, Mailer } from './port.js';
import { createSmtpMailer } from './smtp.js';

export function createMailer(settings: MailSettings, dataDir: string, log: MailLog): Mailer {
  return settings.smtpUrl ? createSmtpMailer(settings.smtpUrl, settings.from) : createOutboxMailer(outboxDir(dataDir), settings.from, log);
}
