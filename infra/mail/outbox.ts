// Embedded mode's mail: each message is written as an .eml file (open it in any mail client)
// under DATA_DIR/outbox, and its links are printed in the log, so a password can be reset on a
// laptop with no mail server. nodemailer builds the file exactly as it would send it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { linksIn, type MailLog, type Mailer } from './port.js';

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const built = await builder.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random tail keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      const file = join(dir, name);
      await writeFile(file, built.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, links: linksIn(message.text), file }, 'e-mail saved to the outbox (no SMTP_URL set)');
    },
    async close() {},
  };
}
