import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens.js';
import { PASS_SECONDS, TICKET_SECONDS, cookieValue, queuePasses } from './queue-passes.js';

describe('queue dashboard passes', () => {
  const passes = queuePasses(createTokenService(randomBytes(32)));
  const now = Date.UTC(2026, 10, 28, 3, 0, 0);
  const user = '0190f3a2-7b1c-7d4e-9f00-123456789abc';

  it('a ticket names its user for a minute, a pass for thirty', () => {
    const ticket = passes.issue('ticket', user, now);
    expect(passes.verify('ticket', ticket, now)).toBe(user);
    expect(passes.verify('ticket', ticket, now + (TICKET_SECONDS - 1) * 1000)).toBe(user);
    expect(passes.verify('ticket', ticket, now + TICKET_SECONDS * 1000)).toBeNull();
    const pass = passes.issue('pass', user, now);
    expect(passes.verify('pass', pass, now + (PASS_SECONDS - 1) * 1000)).toBe(user);
    expect(passes.verify('pass', pass, now + PASS_SECONDS * 1000)).toBeNull();
  });

  it('refuses a ticket used as a pass, a changed user or expiry, another secret and junk', () => {
    const ticket = passes.issue('ticket', user, now);
    expect(passes.verify('pass', ticket, now)).toBeNull();
    const [, expires, mac] = ticket.split('.');
    expect(passes.verify('ticket', `someone-else.${expires}.${mac}`, now)).toBeNull();
    expect(passes.verify('ticket', `${user}.${Number(expires) + 3600}.${mac}`, now)).toBeNull();
    expect(queuePasses(createTokenService(randomBytes(32))).verify('ticket', ticket, now)).toBeNull();
    for (const junk of [undefined, '', 'a.b.c', `${ticket}x`]) expect(passes.verify('ticket', junk, now)).toBeNull();
  });

  it('reads one cookie from a Cookie header', () => {
    expect(cookieValue('a=1; hub_queues=x.y=z; b=2', 'hub_queues')).toBe('x.y=z');
    expect(cookieValue(undefined, 'hub_queues')).toBeUndefined();
  });
});
