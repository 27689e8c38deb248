import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { accessDecider } from './access-decide.js';
import type { AccessEvent } from './access-events.js';
import { accessRequestId, accessStreamId, parseAccessRequestId } from './access-events.js';
import { accessCheck, mayUsePrivateHub } from './private-hub-rule.js';

const given = specFor(accessDecider);
const hubId = 'SP-09';
const userId = 'u-1';
const admin = 'admin-1';
const now = new Date('2026-11-27T14:00:00.000Z');
const at = now.toISOString();
const before = '2026-11-27T13:00:00.000Z';
const closed = { private: true, autoRegistration: false };
const open = { private: true, autoRegistration: true };

const requested = (message: string | null = 'Moro no 42'): AccessEvent => ({ type: 'AccessRequested', data: { hubId, userId, message, at: before } });
const granted: AccessEvent = { type: 'AccessGranted', data: { hubId, userId, by: admin, auto: false, at: before } };
const denied: AccessEvent = { type: 'AccessDenied', data: { hubId, userId, by: admin, reason: 'Não é morador', at: before } };
const revoked: AccessEvent = { type: 'AccessRevoked', data: { hubId, userId, by: admin, at: before } };

const request = (hub: typeof closed | null, message: string | null = 'Moro no 42') => ({ type: 'RequestAccess' as const, hubId, userId, message, hub, now });
const approve = { type: 'ApproveAccess' as const, hubId, userId, by: admin, now };
const deny = (reason = 'Não é morador') => ({ type: 'DenyAccess' as const, hubId, userId, by: admin, reason, now });
const revoke = { type: 'RevokeAccess' as const, hubId, userId, by: admin, now };

describe('requesting access', () => {
  it('records the request with the message, and waits for an admin', () =>
    given([])
      .when(request(closed))
      .then([{ type: 'AccessRequested', data: { hubId, userId, message: 'Moro no 42', at } }]));

  it('is granted by the system at once when the Hub has autoRegistration', () =>
    given([])
      .when(request(open, '  '))
      .then([
        { type: 'AccessRequested', data: { hubId, userId, message: null, at } },
        { type: 'AccessGranted', data: { hubId, userId, by: null, auto: true, at } },
      ]));

  it('is refused on a public Hub and on a Hub that does not exist', () => {
    given([])
      .when(request({ private: false, autoRegistration: false }))
      .thenFails('hub_not_private');
    given([]).when(request(null)).thenFails('hub_not_found');
  });

  it('refuses a message over 500 characters', () =>
    given([])
      .when(request(closed, 'x'.repeat(501)))
      .thenFails('message_too_long'));

  it('changes nothing while pending or granted (a retry, a double click)', () => {
    given([requested()]).when(request(closed)).then([]);
    given([requested(), granted]).when(request(open)).then([]);
  });

  it('may be asked again after a denial or a revocation', () => {
    given([requested(), denied])
      .when(request(closed, null))
      .then([{ type: 'AccessRequested', data: { hubId, userId, message: null, at } }]);
    given([requested(), granted, revoked])
      .when(request(closed, 'De novo'))
      .then([{ type: 'AccessRequested', data: { hubId, userId, message: 'De novo', at } }]);
  });
});

describe('deciding a request', () => {
  it('approves a pending request, naming the admin', () =>
    given([requested()])
      .when(approve)
      .then([{ type: 'AccessGranted', data: { hubId, userId, by: admin, auto: false, at } }]));

  it('denies a pending request with the reason the renter reads', () =>
    given([requested()])
      .when(deny(' Não é morador '))
      .then([{ type: 'AccessDenied', data: { hubId, userId, by: admin, reason: 'Não é morador', at } }]));

  it('requires a reason to deny', () => given([requested()]).when(deny('  ')).thenFails('reason_required'));

  it('decides only pending requests; repeating the same decision writes nothing', () => {
    given([]).when(approve).thenFails('request_not_found');
    given([]).when(deny()).thenFails('request_not_found');
    given([requested(), denied]).when(approve).thenFails('not_pending');
    given([requested(), granted]).when(deny()).thenFails('not_pending');
    given([requested(), granted]).when(approve).then([]);
    given([requested(), denied]).when(deny()).then([]);
  });
});

describe('revoking access', () => {
  it('revokes a live grant', () =>
    given([requested(), granted])
      .when(revoke)
      .then([{ type: 'AccessRevoked', data: { hubId, userId, by: admin, at } }]));

  it('revokes only a grant; again writes nothing', () => {
    given([requested()]).when(revoke).thenFails('not_granted');
    given([requested(), denied]).when(revoke).thenFails('not_granted');
    given([requested(), granted, revoked]).when(revoke).then([]);
  });
});

describe('the private Hub rule', () => {
  it('lets admins in always, anyone else only with a live grant', () => {
    expect(mayUsePrivateHub({ isAdmin: true }, { status: 'none' })).toBe(true);
    expect(mayUsePrivateHub({ isAdmin: false }, { status: 'granted' })).toBe(true);
    for (const status of ['none', 'pending', 'denied', 'revoked'] as const) expect(mayUsePrivateHub({ isAdmin: false }, { status })).toBe(false);
  });

  it('answers the check with a reason the renter reads', () => {
    expect(accessCheck({ private: false }, { isAdmin: false }, { status: 'none', reason: null })).toEqual({ hasAccess: true, reason: 'Hub público' });
    expect(accessCheck({ private: true }, { isAdmin: false }, { status: 'none', reason: null })).toEqual({
      hasAccess: false,
      reason: 'Você precisa solicitar acesso a este Hub privado.',
    });
    expect(accessCheck({ private: true }, { isAdmin: false }, { status: 'denied', reason: 'Não é morador' }).reason).toBe(
      'Solicitação recusada: Não é morador',
    );
  });
});

describe('ids', () => {
  it('names one stream per pair and a request id that parses back', () => {
    expect(accessStreamId('sp-09', userId)).toBe('hub-access-SP-09-u-1');
    expect(parseAccessRequestId(accessRequestId('sp-09', 'a1c5e7f9-2b4d'))).toEqual({ hubId: 'SP-09', userId: 'a1c5e7f9-2b4d' });
    expect(parseAccessRequestId('SP-09')).toBeNull();
    expect(parseAccessRequestId('a.b.c')).toBeNull();
  });
});
