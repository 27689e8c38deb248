// The contact form (spec "Static pages"; beyond the spec, which made no call): the message is
// stored in contact_messages and mailed to the support address, with the sender as Reply-To.
// Anyone may write (a signed-in sender is linked by user_id); limited per address.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { CONTACT_RECEIVED, sendContactMessage } from '../../contract/contact/contact-endpoints.js';
import type { Mailer } from '../../infra/mail/port.js';
import { contactMessage } from '../../infra/mail/templates.js';
import { formatDateTime } from '../history/history-format.js';
import { route } from '../contract/route.js';

export type ContactRoutesOptions = {
  db: pg.Pool;
  mailer: Mailer;
  /** The support address in force (the settings, issue 27). */
  supportEmail: () => Promise<string>;
  clock?: () => Date;
};

export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, options) => {
  const clock = options.clock ?? (() => new Date());

  route(
    app,
    sendContactMessage,
    async (request, reply, parsed) => {
      const input = parsed.body();
      const id = randomUUID();
      const now = clock();
      await options.db.query('INSERT INTO contact_messages (id, user_id, name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id,
        request.user?.id ?? null,
        input.name,
        input.email,
        input.subject,
        input.message,
        now,
      ]);
      // Stored first: a mail server that is down loses no message (support can read the table).
      try {
        await options.mailer.send(contactMessage(await options.supportEmail(), input, formatDateTime(now.toISOString())));
      } catch (err) {
        request.log.error({ err, contactMessageId: id }, 'contact message stored but not mailed');
      }
      return reply.status(201).send({ data: { id, message: CONTACT_RECEIVED } });
    },
    { config: { rateLimit: { max: 5, timeWindow: 15 * 60_000 } } },
  );
};
