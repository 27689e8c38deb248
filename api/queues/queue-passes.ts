// What lets a browser into the queue dashboard. The web app holds its bearer token in
// localStorage, which bull-board's own page and its XHRs never send; so an admin's app asks for
// a one-minute ticket (POST /api/admin/queues/ticket), opens /admin/queues?ticket=…, and the
// ticket is exchanged for an HttpOnly cookie scoped to /admin/queues (30 minutes). Both are MACs
// under the token secret, so every API replica accepts what another issued.
import { timingSafeEqual } from 'node:crypto';
import type { TokenService } from '../auth/tokens.js';

export const TICKET_SECONDS = 60;
export const PASS_SECONDS = 30 * 60;
export const PASS_COOKIE = 'hub_queues';

type Kind = 'ticket' | 'pass';

export interface QueuePasses {
  issue(kind: Kind, userId: string, nowMs: number): string;
  /** The user id a valid, unexpired ticket or pass names; null otherwise. */
  verify(kind: Kind, value: string | undefined, nowMs: number): string | null;
}

export function queuePasses(tokens: Pick<TokenService, 'mac'>): QueuePasses {
  const sign = (kind: Kind, body: string) => tokens.mac(`queue-dashboard-${kind}`, body);
  return {
    issue(kind, userId, nowMs) {
      const expires = Math.floor(nowMs / 1000) + (kind === 'ticket' ? TICKET_SECONDS : PASS_SECONDS);
      const body = `${userId}.${expires}`;
      return `${body}.${sign(kind, body)}`;
    },
    verify(kind, value, nowMs) {
      const match = /^([\w-]{1,64})\.(\d{1,12})\.([\w-]{16,128})$/.exec(value ?? '');
      if (!match) return null;
      const [, userId, expires, mac] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(kind, `${userId}.${expires}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) * 1000 > nowMs ? userId : null;
    },
  };
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
