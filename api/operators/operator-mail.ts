// The mail an operator receives: a new account's invitation (a one-time link to set the first
// password, 7 days) or, for an account that already existed, a notice that it is now staff.
// Like account-mail.ts, sending runs after the answer; errors are logged.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ROLE_LABELS } from '../../contract/operators/role-labels.js';
import type { Mailer } from '../../infra/mail/port.js';
import { invitationMessage, operatorNoticeMessage } from '../../infra/mail/templates.js';
import { issueAccountToken, type AccountToken } from '../auth/account-tokens.js';
import { findUserById } from '../auth/users.js';

export interface OperatorMail {
  /** Issues a new invitation link (replacing any older one) and mails it; returns at once. */
  sendInvitation(userId: string): void;
  /** Mails an existing account that it is now an operator; returns at once. */
  sendNotice(userId: string): void;
  idle(): Promise<void>;
}

/** /convite reads the token from the hash, which never reaches a server log. */
export const invitationLink = (origin: string, token: AccountToken) => `${origin}/convite#token=${token.selector}.${token.secret}`;

export function createOperatorMail(deps: { db: pg.Pool; mailer: Mailer; clock: () => Date; log: FastifyBaseLogger; appUrl: string }): OperatorMail {
  const { db, mailer, clock, log, appUrl } = deps;
  const running = new Set<Promise<void>>();
  const inBackground = (what: string, work: () => Promise<void>) => {
    const task = work()
      .catch((err: unknown) => log.error({ err }, `${what} e-mail not sent`))
      .finally(() => running.delete(task));
    running.add(task);
  };
  const roleOf = (user: { role: keyof typeof ROLE_LABELS; is_admin: boolean }) => ROLE_LABELS[user.is_admin ? 'admin' : user.role];

  return {
    sendInvitation(userId) {
      inBackground('invitation', async () => {
        const user = await findUserById(db, userId);
        if (!user) return;
        const token = await issueAccountToken(db, user.id, 'invitation', clock());
        await mailer.send(invitationMessage(user, roleOf(user), invitationLink(appUrl, token)));
      });
    },
    sendNotice(userId) {
      inBackground('operator notice', async () => {
        const user = await findUserById(db, userId);
        if (user) await mailer.send(operatorNoticeMessage(user, roleOf(user), `${appUrl}/login`));
      });
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
