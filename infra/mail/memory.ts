// A mailer that keeps messages in memory: for tests that send mail but do not read it (so they
// write no files and need no SMTP server).
import type { MailMessage, Mailer } from './port.js';

export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}
