import type { DomainEvent } from '../shared/decider.js';

// Partners (issue 27 items 1–2): one stream per partner, `partner-{id}`. A partner is a company;
// its name, e-mail, phone, CNPJ and address are the company's business contact data, so they are
// in the events (the log's rule keeps *people's* personal data out: a partner's users appear by
// id only, their names and e-mails are joined from `users` at query time).
//
// The API token itself is never written anywhere: PartnerTokenIssued carries its SHA-256 hash. The
// token is 32 random bytes (256 bits), so the hash cannot be reversed or guessed, and unlike a
// password it needs no slow, salted hash; with the hash in the event, `projections:rebuild`
// reproduces the token table from the log.
//
// A partner may also hold a sandbox token (issue 27 item 5, docs/sandbox.md): the same kind of
// secret with its own prefix and its own event, PartnerSandboxTokenIssued; its calls run against
// simulated Hubs only. Either token is replaced on its own: regenerating one leaves the other.

export interface PartnerDetails {
  name: string;
  email: string;
  phone: string;
  cnpj: string;
  companyName: string;
  tradingName: string;
  address: string;
  addressNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  postalCode: string;
  isActive: boolean;
}

interface Stamp {
  partnerId: string;
  /** Who did it: a user id, or `partner-token` when the partner's own API token asked (sandbox token). */
  by: string;
  at: string;
}

export type PartnerEvent =
  | DomainEvent<'PartnerRegistered', Stamp & { details: PartnerDetails }>
  | DomainEvent<'PartnerChanged', Stamp & { details: PartnerDetails }>
  | DomainEvent<'PartnerRemoved', Stamp>
  | DomainEvent<'PartnerUserAdded', Stamp & { userId: string }>
  | DomainEvent<'PartnerUserRemoved', Stamp & { userId: string }>
  // The partner's name at the time rides along so the Hub's audit trail can say who, without
  // reading another read model (the history projector replays alone).
  | DomainEvent<'PartnerHubAdded', Stamp & { hubId: string; partnerName: string }>
  | DomainEvent<'PartnerHubRemoved', Stamp & { hubId: string; partnerName: string }>
  | DomainEvent<'PartnerTokenIssued', Stamp & { tokenId: string; tokenHash: string; hint: string }>
  | DomainEvent<'PartnerSandboxTokenIssued', Stamp & { tokenId: string; tokenHash: string; hint: string }>;

export type PartnerEventType = PartnerEvent['type'];

export const PARTNER_EVENT_TYPES: ReadonlySet<string> = new Set<PartnerEventType>([
  'PartnerRegistered',
  'PartnerChanged',
  'PartnerRemoved',
  'PartnerUserAdded',
  'PartnerUserRemoved',
  'PartnerHubAdded',
  'PartnerHubRemoved',
  'PartnerTokenIssued',
  'PartnerSandboxTokenIssued',
]);

/** The actor of a sandbox token the partner issued itself with its live token (no user did it). */
export const PARTNER_TOKEN_ACTOR = 'partner-token';

export const partnerStreamId = (partnerId: string) => `partner-${partnerId}`;

/**
 * The actor role of what a partner does through its API token (issue 27 item 3): the actor's id
 * is the partner's, not an account's, so no users row names it.
 */
export const PARTNER_API_ACTOR_ROLE = 'partner_api';
/** How the audit trails name that actor: no account acted. */
export const PARTNER_API_NAME = 'API de parceiros';
