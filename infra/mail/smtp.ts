// SMTP adapter: nodemailer over the server SMTP_URL names (smtp://user:pass@host:587, smtps://…).
import nodemailer from 'nodemailer';
import type { Mailer } from './port.js';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
