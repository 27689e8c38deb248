// The mail an account receives: the password-recovery link and the e-mail confirmation link.
// Sending runs off the request: the routes answer at once, the same way whether or not the
// e-mail belongs to an account, and this finishes the work (or finds there is none) after.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Mailer } from '../../infra/mail/port.js';
import { confirmationMessage, recoveryMessage } from '../../infra/mail/templates.js';
import { issueAccountToken, type AccountToken } from './account-tokens.js';
import { findUserByEmail } from './users.js';

export interface AccountMail {
  /** Mails a reset link when the e-mail has an account; returns at once (errors are logged). */
  sendRecovery(email: string): void;
  /** Mails a confirmation link when the account exists and is not confirmed yet; returns at once. */
  sendConfirmation(email: string): void;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export interface AccountMailDeps {
  db: pg.Pool;
  mailer: Mailer;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The web app's origin every link is built on: configuration (APP_URL), never a request header. */
  appUrl: string;
}

/** /reset-password reads the two halves from the hash (spec "Reset password"); a hash never reaches a server log. */
export const recoveryLink = (origin: string, token: AccountToken) =>
  `${origin}/reset-password#access_token=${token.selector}&refresh_token=${token.secret}&type=recovery`;

export const confirmationLink = (origin: string, token: AccountToken) => `${origin}/email-confirmation#confirmation_token=${token.selector}.${token.secret}`;

export function createAccountMail({ db, mailer, clock, log, appUrl }: AccountMailDeps): AccountMail {
  const running = new Set<Promise<void>>();

  function inBackground(what: string, work: () => Promise<void>): void {
    const task = work()
      .catch((err: unknown) => log.error({ err }, `${what} e-mail not sent`))
      .finally(() => running.delete(task));
    running.add(task);
  }

  return {
    sendRecovery(email) {
      inBackground('recovery', async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
        const token = await issueAccountToken(db, user.id, 'recovery', clock());
        await mailer.send(recoveryMessage(user, recoveryLink(appUrl, token)));
      });
    },
    sendConfirmation(email) {
      inBackground('confirmation', async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
        const confirmed = await db.query('SELECT 1 FROM users WHERE id = $1 AND email_confirmed_at IS NOT NULL', [user.id]);
        if (confirmed.rowCount) return;
        const token = await issueAccountToken(db, user.id, 'confirmation', clock());
        await mailer.send(confirmationMessage(user, confirmationLink(appUrl, token)));
      });
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
