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
  /** Who did it: a user id. */
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
  | DomainEvent<'PartnerTokenIssued', Stamp & { tokenId: string; tokenHash: string; hint: string }>;

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
]);

export const partnerStreamId = (partnerId: string) => `partner-${partnerId}`;
