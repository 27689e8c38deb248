import { isValidCnpj, normalizeCnpj } from '../accounts/br-documents.js';
import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { PartnerDetails, PartnerEvent } from './partner-events.js';
import { EMAIL_PATTERN, PartnerMessages } from './partner-messages.js';

// The partner decider: the form's rules (spec, partner form), membership of users and Hubs, and
// token issue. What it cannot know (a user or Hub exists; the token's hash) the caller passes in.

export { PartnerMessages };

const EMAIL = EMAIL_PATTERN;

export type PartnerCommand =
  | { type: 'RegisterPartner'; partnerId: string; details: PartnerDetails; by: string; at: string }
  | { type: 'ChangePartner'; partnerId: string; details: PartnerDetails; by: string; at: string }
  | { type: 'RemovePartner'; partnerId: string; by: string; at: string }
  | { type: 'AddPartnerUser' | 'RemovePartnerUser'; partnerId: string; userId: string; by: string; at: string }
  | { type: 'AddPartnerHub' | 'RemovePartnerHub'; partnerId: string; hubId: string; by: string; at: string }
  | { type: 'IssuePartnerToken' | 'IssuePartnerSandboxToken'; partnerId: string; tokenId: string; tokenHash: string; hint: string; by: string; at: string };

export interface PartnerState {
  status: 'none' | 'registered' | 'removed';
  details: PartnerDetails | null;
  userIds: readonly string[];
  hubIds: readonly string[];
  tokenId: string | null;
  sandboxTokenId: string | null;
}

/** The details as stored: trimmed, CNPJ without punctuation; refuses what the form refuses. */
export function checkedDetails(details: PartnerDetails): PartnerDetails {
  const d = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as unknown as PartnerDetails;
  if (!d.name) throw invalid('invalid_partner', PartnerMessages.nameRequired);
  if (!EMAIL.test(d.email)) throw invalid('invalid_partner', PartnerMessages.emailInvalid);
  if (!d.companyName) throw invalid('invalid_partner', PartnerMessages.companyRequired);
  const cnpj = d.cnpj ? normalizeCnpj(d.cnpj) : '';
  if (cnpj && !isValidCnpj(cnpj)) throw invalid('invalid_partner', PartnerMessages.cnpjInvalid);
  return { ...d, email: d.email.toLowerCase(), cnpj, state: d.state.toUpperCase() };
}

const same = (a: PartnerDetails, b: PartnerDetails) => (Object.keys(a) as (keyof PartnerDetails)[]).every((k) => a[k] === b[k]);

function decide(command: PartnerCommand, state: PartnerState): PartnerEvent[] {
  const { partnerId, by, at } = command;
  if (command.type === 'RegisterPartner') {
    if (state.status !== 'none') throw conflict('partner_exists', PartnerMessages.exists);
    // A new partner is always active: the switch shows only when editing (spec).
    return [{ type: 'PartnerRegistered', data: { partnerId, details: { ...checkedDetails(command.details), isActive: true }, by, at } }];
  }
  if (state.status !== 'registered' || !state.details) throw notFound('not_found', PartnerMessages.notFound);
  switch (command.type) {
    case 'ChangePartner': {
      const details = checkedDetails(command.details);
      return same(details, state.details) ? [] : [{ type: 'PartnerChanged', data: { partnerId, details, by, at } }];
    }
    case 'RemovePartner':
      return [{ type: 'PartnerRemoved', data: { partnerId, by, at } }];
    case 'AddPartnerUser':
      return state.userIds.includes(command.userId) ? [] : [{ type: 'PartnerUserAdded', data: { partnerId, userId: command.userId, by, at } }];
    case 'RemovePartnerUser':
      return state.userIds.includes(command.userId) ? [{ type: 'PartnerUserRemoved', data: { partnerId, userId: command.userId, by, at } }] : [];
    case 'AddPartnerHub':
      return state.hubIds.includes(command.hubId)
        ? []
        : [{ type: 'PartnerHubAdded', data: { partnerId, hubId: command.hubId, partnerName: state.details.name, by, at } }];
    case 'RemovePartnerHub':
      return state.hubIds.includes(command.hubId)
        ? [{ type: 'PartnerHubRemoved', data: { partnerId, hubId: command.hubId, partnerName: state.details.name, by, at } }]
        : [];
    case 'IssuePartnerToken':
      return [{ type: 'PartnerTokenIssued', data: { partnerId, tokenId: command.tokenId, tokenHash: command.tokenHash, hint: command.hint, by, at } }];
    case 'IssuePartnerSandboxToken':
      return [{ type: 'PartnerSandboxTokenIssued', data: { partnerId, tokenId: command.tokenId, tokenHash: command.tokenHash, hint: command.hint, by, at } }];
  }
}

function evolve(state: PartnerState, event: PartnerEvent): PartnerState {
  switch (event.type) {
    case 'PartnerRegistered':
    case 'PartnerChanged':
      return { ...state, status: 'registered', details: event.data.details };
    case 'PartnerRemoved':
      return { ...state, status: 'removed' };
    case 'PartnerUserAdded':
      return { ...state, userIds: [...state.userIds, event.data.userId] };
    case 'PartnerUserRemoved':
      return { ...state, userIds: state.userIds.filter((id) => id !== event.data.userId) };
    case 'PartnerHubAdded':
      return { ...state, hubIds: [...state.hubIds, event.data.hubId] };
    case 'PartnerHubRemoved':
      return { ...state, hubIds: state.hubIds.filter((id) => id !== event.data.hubId) };
    case 'PartnerTokenIssued':
      return { ...state, tokenId: event.data.tokenId };
    case 'PartnerSandboxTokenIssued':
      return { ...state, sandboxTokenId: event.data.tokenId };
  }
}

export const partnerDecider: Decider<PartnerCommand, PartnerEvent, PartnerState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none', details: null, userIds: [], hubIds: [], tokenId: null, sandboxTokenId: null }),
};
