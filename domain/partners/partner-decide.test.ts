import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { PartnerCommand } from './partner-decide.js';
import { PartnerMessages, partnerDecider } from './partner-decide.js';
import type { PartnerDetails, PartnerEvent } from './partner-events.js';

const given = specFor(partnerDecider);
const at = '2026-11-27T14:00:00.000Z';
const stamp = { partnerId: 'p1', by: 'admin-1', at };
const details: PartnerDetails = {
  name: 'Ana Souza',
  email: 'contato@aurora.com.br',
  phone: '11987654321',
  cnpj: '12ABC34501DE35',
  companyName: 'Condomínio Aurora Ltda',
  tradingName: 'Condomínio Aurora',
  address: 'Rua das Flores',
  addressNumber: '100',
  complement: '',
  neighborhood: 'Centro',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01001000',
  isActive: true,
};
const registered: PartnerEvent = { type: 'PartnerRegistered', data: { ...stamp, details } };
const register = (d: Partial<PartnerDetails> = {}): PartnerCommand => ({ type: 'RegisterPartner', ...stamp, details: { ...details, ...d } });

describe('RegisterPartner', () => {
  it('registers an active partner with a new-format CNPJ, stored without punctuation', () => {
    given([])
      .when(register({ cnpj: '12.ABC.345/01DE-35', isActive: false }))
      .then([registered]);
  });

  it.each([
    [{ name: ' ' }, PartnerMessages.nameRequired],
    [{ email: 'ana@' }, PartnerMessages.emailInvalid],
    [{ companyName: '' }, PartnerMessages.companyRequired],
    [{ cnpj: '12.ABC.345/01DE-36' }, PartnerMessages.cnpjInvalid],
  ])('refuses %o with the form message', (change, message) => {
    const error = given([]).when(register(change)).thenFails('invalid_partner');
    expect(error.message).toBe(message);
  });

  it('accepts a numeric CNPJ and none at all', () => {
    given([])
      .when(register({ cnpj: '11.222.333/0001-81' }))
      .then([{ type: 'PartnerRegistered', data: { ...stamp, details: { ...details, cnpj: '11222333000181' } } }]);
    given([])
      .when(register({ cnpj: '' }))
      .then([{ type: 'PartnerRegistered', data: { ...stamp, details: { ...details, cnpj: '' } } }]);
  });

  it('refuses registering twice', () => {
    given([registered]).when(register()).thenFails('partner_exists');
  });
});

describe('ChangePartner and RemovePartner', () => {
  it('deactivates a partner, and a repeat writes nothing', () => {
    const off = { ...details, isActive: false };
    const changed: PartnerEvent = { type: 'PartnerChanged', data: { ...stamp, details: off } };
    given([registered])
      .when({ type: 'ChangePartner', ...stamp, details: off })
      .then([changed]);
    given([registered, changed])
      .when({ type: 'ChangePartner', ...stamp, details: off })
      .then([]);
  });

  it('removes a partner; a removed partner is not found', () => {
    const removed: PartnerEvent = { type: 'PartnerRemoved', data: stamp };
    given([registered])
      .when({ type: 'RemovePartner', ...stamp })
      .then([removed]);
    const error = given([registered, removed])
      .when({ type: 'RemovePartner', ...stamp })
      .thenFails('not_found');
    expect(error.message).toBe(PartnerMessages.notFound);
    given([])
      .when({ type: 'AddPartnerHub', ...stamp, hubId: 'SP-01' })
      .thenFails('not_found');
  });
});

describe('users, Hubs and the token', () => {
  const userAdded: PartnerEvent = { type: 'PartnerUserAdded', data: { ...stamp, userId: 'u1' } };
  const hubAdded: PartnerEvent = { type: 'PartnerHubAdded', data: { ...stamp, hubId: 'SP-01', partnerName: 'Ana Souza' } };

  it('adds and removes a user once', () => {
    given([registered])
      .when({ type: 'AddPartnerUser', ...stamp, userId: 'u1' })
      .then([userAdded]);
    given([registered, userAdded])
      .when({ type: 'AddPartnerUser', ...stamp, userId: 'u1' })
      .then([]);
    given([registered, userAdded])
      .when({ type: 'RemovePartnerUser', ...stamp, userId: 'u1' })
      .then([{ type: 'PartnerUserRemoved', data: { ...stamp, userId: 'u1' } }]);
    given([registered])
      .when({ type: 'RemovePartnerUser', ...stamp, userId: 'u1' })
      .then([]);
  });

  it('adds and removes a Hub once', () => {
    given([registered])
      .when({ type: 'AddPartnerHub', ...stamp, hubId: 'SP-01' })
      .then([hubAdded]);
    given([registered, hubAdded])
      .when({ type: 'AddPartnerHub', ...stamp, hubId: 'SP-01' })
      .then([]);
    given([registered, hubAdded])
      .when({ type: 'RemovePartnerHub', ...stamp, hubId: 'SP-01' })
      .then([{ type: 'PartnerHubRemoved', data: { ...stamp, hubId: 'SP-01', partnerName: 'Ana Souza' } }]);
  });

  it('issues a token as its hash and hint only; a new one replaces it', () => {
    const issue = { type: 'IssuePartnerToken' as const, ...stamp, tokenId: 't2', tokenHash: 'ab'.repeat(32), hint: 'x9Zq' };
    const first: PartnerEvent = { type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 't1', tokenHash: 'cd'.repeat(32), hint: 'aaaa' } };
    given([registered, first])
      .when(issue)
      .then([{ type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 't2', tokenHash: 'ab'.repeat(32), hint: 'x9Zq' } }]);
  });

  it('issues a sandbox token beside the live one, by the partner itself too', () => {
    const live: PartnerEvent = { type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 't1', tokenHash: 'cd'.repeat(32), hint: 'aaaa' } };
    const bySelf = { ...stamp, by: 'partner-token' };
    given([registered, live])
      .when({ type: 'IssuePartnerSandboxToken', ...bySelf, tokenId: 's1', tokenHash: 'ef'.repeat(32), hint: 'T3st' })
      .then([{ type: 'PartnerSandboxTokenIssued', data: { ...bySelf, tokenId: 's1', tokenHash: 'ef'.repeat(32), hint: 'T3st' } }]);
  });

  it('refuses a sandbox token for a partner that was removed', () => {
    given([registered, { type: 'PartnerRemoved', data: stamp }])
      .when({ type: 'IssuePartnerSandboxToken', ...stamp, tokenId: 's1', tokenHash: 'ef'.repeat(32), hint: 'T3st' })
      .thenFails('not_found');
  });
});
