// Mail port: how the API sends e-mail (password recovery, address confirmation, contact form).
// Adapters: SMTP through nodemailer (SMTP_URL set) and, in embedded mode, a local outbox folder
// under DATA_DIR whose links are printed in the log, so a newcomer needs no mail server.

export interface MailMessage {
  to: string;
  subject: string;
  /** The HTML body; every interpolated value already escaped (templates.ts). */
  html: string;
  /** The plain-text body, for clients that show no HTML (and for the outbox log's links). */
  text: string;
  /** Where answers go (the contact form: the person who wrote). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The logger the adapters write to (pino's shape, as Fastify's app.log has it). */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The web addresses in a text body (the links a reader would click). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
