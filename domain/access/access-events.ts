import type { DomainEvent } from '../shared/decider.js';

// A renter's access to one private Hub, as a life of its own: one stream per (Hub, renter) pair,
// `hub-access-{HUBID}-{userId}`. Each event says who acted (`by`: a user id, or null when the
// system granted on its own because the Hub has autoRegistration) and when (`at`, ISO, passed in).
// Events carry ids only, never names or e-mails (the rule for events, docs/architecture.md).

export type AccessEvent =
  | DomainEvent<'AccessRequested', { hubId: string; userId: string; message: string | null; at: string }>
  | DomainEvent<'AccessGranted', { hubId: string; userId: string; by: string | null; auto: boolean; at: string }>
  | DomainEvent<'AccessDenied', { hubId: string; userId: string; by: string; reason: string; at: string }>
  | DomainEvent<'AccessRevoked', { hubId: string; userId: string; by: string; at: string }>;

export const ACCESS_EVENT_TYPES: ReadonlySet<string> = new Set(['AccessRequested', 'AccessGranted', 'AccessDenied', 'AccessRevoked']);

export type AccessStatus = 'none' | 'pending' | 'granted' | 'denied' | 'revoked';

export interface AccessState {
  status: AccessStatus;
  message: string | null;
  /** The denial's reason, which the renter reads. */
  reason: string | null;
  requestedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
}

export const initialAccessState = (): AccessState => ({ status: 'none', message: null, reason: null, requestedAt: null, decidedAt: null, decidedBy: null });

export const ACCESS_STREAM_PREFIX = 'hub-access-';

/** Hub ids are upper case everywhere (the Hub's own stream, the read models, the URL's id). */
export const accessStreamId = (hubId: string, userId: string) => `${ACCESS_STREAM_PREFIX}${hubId.toUpperCase()}-${userId}`;

/**
 * A request's id in the API: the pair itself, `{HUBID}.{userId}` (Hub ids hold letters, digits and
 * hyphens, never a dot), so approving or denying needs no lookup and no read model.
 */
export const accessRequestId = (hubId: string, userId: string) => `${hubId.toUpperCase()}.${userId}`;

export function parseAccessRequestId(id: string): { hubId: string; userId: string } | null {
  const dot = id.indexOf('.');
  if (dot <= 0 || dot === id.length - 1 || id.indexOf('.', dot + 1) !== -1) return null;
  return { hubId: id.slice(0, dot).toUpperCase(), userId: id.slice(dot + 1) };
}

export function evolveAccess(state: AccessState, event: AccessEvent): AccessState {
  switch (event.type) {
    case 'AccessRequested':
      return { status: 'pending', message: event.data.message, reason: null, requestedAt: event.data.at, decidedAt: null, decidedBy: null };
    case 'AccessGranted':
      return { ...state, status: 'granted', reason: null, decidedAt: event.data.at, decidedBy: event.data.by };
    case 'AccessDenied':
      return { ...state, status: 'denied', reason: event.data.reason, decidedAt: event.data.at, decidedBy: event.data.by };
    case 'AccessRevoked':
      return { ...state, status: 'revoked', reason: null, decidedAt: event.data.at, decidedBy: event.data.by };
  }
}
