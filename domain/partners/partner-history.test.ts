import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../webhooks/webhook-events.js';
import type { PartnerDetails, PartnerEvent } from './partner-events.js';
import type { NameOf, PartnerHistoryEvent } from './partner-history.js';
import { accountIdsIn, partnerHistory } from './partner-history.js';

const ADMIN = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';
const ERASED = '33333333-3333-4333-8333-333333333333';
const P = 'p1';
const names: NameOf = (id) => ({ [ADMIN]: 'Maria Admin', [ANA]: 'Ana Souza' })[id] ?? null;
const details: PartnerDetails = {
  name: 'Aurora',
  email: 'contato@aurora.com.br',
  phone: '',
  cnpj: '',
  companyName: 'Aurora Ltda',
  tradingName: '',
  address: '',
  addressNumber: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  postalCode: '',
  isActive: true,
};
const admin = { id: ADMIN, role: 'admin' };
const partnerApi = { id: P, role: 'partner_api' };
const worker = { id: 'worker', role: 'worker' };
const stamp = { partnerId: P, by: ADMIN, at: '' };
const hook = { partnerId: P, endpointId: 'e1', at: '' };

let n = 0;
/** Events in the order given, each one later in the log than the one before. */
function given(...events: [PartnerEvent | WebhookEvent, { id: string; role: string }?][]): PartnerHistoryEvent[] {
  return events.map(([event, actor = admin]) => {
    n += 1;
    return { id: `ev-${n}`, event, actor, at: `2026-11-27T14:${String(n % 60).padStart(2, '0')}:00.000Z`, position: { tx: BigInt(n), seq: 0n } };
  });
}
const told = (events: PartnerHistoryEvent[], nameOf = names) => partnerHistory(events, nameOf).map((i) => [i.kind, i.description, i.actor.name]);

describe('a partner history', () => {
  it('tells each fact newest first, with the actor named from users', () => {
    const events = given(
      [{ type: 'PartnerRegistered', data: { ...stamp, details } }],
      [{ type: 'PartnerUserAdded', data: { ...stamp, userId: ANA } }],
      [{ type: 'PartnerHubAdded', data: { ...stamp, hubId: 'SP-01', partnerName: 'Aurora' } }],
      [{ type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 't1', tokenHash: 'h', hint: 'abcd' } }],
      [{ type: 'PartnerSandboxTokenIssued', data: { ...stamp, tokenId: 't2', tokenHash: 'h2', hint: 'wxyz' } }],
      [{ type: 'PartnerHubRemoved', data: { ...stamp, hubId: 'SP-01', partnerName: 'Aurora' } }],
      [{ type: 'PartnerUserRemoved', data: { ...stamp, userId: ANA } }],
      [{ type: 'PartnerRemoved', data: stamp }],
    );
    expect(told(events)).toEqual([
      ['partner_removed', 'Parceiro removido', 'Maria Admin'],
      ['user_removed', 'Usuário Ana Souza removido', 'Maria Admin'],
      ['hub_removed', 'Hub SP-01 removido', 'Maria Admin'],
      ['sandbox_token_issued', 'Token de teste gerado', 'Maria Admin'],
      ['token_issued', 'Token de API gerado', 'Maria Admin'],
      ['hub_added', 'Hub SP-01 adicionado', 'Maria Admin'],
      ['user_added', 'Usuário Ana Souza adicionado', 'Maria Admin'],
      ['partner_registered', 'Parceiro cadastrado', 'Maria Admin'],
    ]);
  });

  it('never tells a token, its hash or its hint', () => {
    const events = given(
      [{ type: 'PartnerRegistered', data: { ...stamp, details } }],
      [{ type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 'token-id', tokenHash: 'secret-hash', hint: 'HiNt' } }],
    );
    const text = JSON.stringify(partnerHistory(events, names));
    for (const leak of ['token-id', 'secret-hash', 'HiNt']) expect(text).not.toContain(leak);
  });

  it('says deactivated and activated, and which fields changed', () => {
    const events = given(
      [{ type: 'PartnerRegistered', data: { ...stamp, details } }],
      [{ type: 'PartnerChanged', data: { ...stamp, details: { ...details, phone: '11987654321', city: 'São Paulo' } } }],
      [{ type: 'PartnerChanged', data: { ...stamp, details: { ...details, phone: '11987654321', city: 'São Paulo', isActive: false } } }],
      [{ type: 'PartnerChanged', data: { ...stamp, details: { ...details, name: 'Aurora 2' } } }],
    );
    expect(told(events).slice(0, 3)).toEqual([
      ['partner_activated', 'Parceiro ativado; dados alterados (nome, telefone, cidade)', 'Maria Admin'],
      ['partner_deactivated', 'Parceiro desativado', 'Maria Admin'],
      ['partner_changed', 'Parceiro: dados alterados (telefone, cidade)', 'Maria Admin'],
    ]);
  });

  it('tells the webhooks by URL, the partner API and the worker as actors', () => {
    const url = 'https://aurora.example/hooks';
    const events = given(
      [
        { type: 'WebhookEndpointRegistered', data: { ...hook, by: { kind: 'partner', id: P }, url, events: ['reservation.created'], secretVersion: 1 } },
        partnerApi,
      ],
      [{ type: 'WebhookEndpointChanged', data: { ...hook, by: { kind: 'user', id: ADMIN }, events: ['reservation.paid'] } }],
      [{ type: 'WebhookSecretRotated', data: { ...hook, by: { kind: 'partner', id: P }, secretVersion: 2 } }, partnerApi],
      [{ type: 'WebhookEndpointPaused', data: { ...hook, by: { kind: 'worker', id: 'webhooks' }, reason: 'failing' } }, worker],
      [{ type: 'WebhookEndpointResumed', data: { ...hook, by: { kind: 'user', id: ADMIN } } }],
      [{ type: 'WebhookEndpointPaused', data: { ...hook, by: { kind: 'user', id: ADMIN }, reason: 'requested' } }],
      [{ type: 'WebhookEndpointRemoved', data: { ...hook, by: { kind: 'user', id: ADMIN } } }],
    );
    expect(told(events)).toEqual([
      ['webhook_removed', `Webhook ${url} removido`, 'Maria Admin'],
      ['webhook_paused', `Webhook ${url} pausado`, 'Maria Admin'],
      ['webhook_resumed', `Webhook ${url} reativado`, 'Maria Admin'],
      ['webhook_paused', `Webhook ${url} pausado após falhas`, null],
      ['webhook_secret_rotated', `Webhook ${url}: segredo de assinatura renovado`, 'API de parceiros'],
      ['webhook_changed', `Webhook ${url}: eventos alterados (reservation.paid)`, 'Maria Admin'],
      ['webhook_registered', `Webhook ${url} cadastrado`, 'API de parceiros'],
    ]);
    expect(JSON.stringify(partnerHistory(events, names))).not.toContain('secretVersion');
  });

  it('merges both streams by their place in the log, whatever order they come in', () => {
    const [registered, webhook, token] = given(
      [{ type: 'PartnerRegistered', data: { ...stamp, details } }],
      [
        {
          type: 'WebhookEndpointRegistered',
          data: { ...hook, by: { kind: 'user', id: ADMIN }, url: 'https://a.example/h', events: ['reservation.paid'], secretVersion: 1 },
        },
      ],
      [{ type: 'PartnerTokenIssued', data: { ...stamp, tokenId: 't', tokenHash: 'h', hint: 'x' } }],
    );
    expect(partnerHistory([registered!, token!, webhook!], names).map((i) => i.kind)).toEqual(['token_issued', 'webhook_registered', 'partner_registered']);
  });

  it('reads an erased account as removed, and the sandbox token the partner made itself as the partner API', () => {
    const events = given(
      [
        { type: 'PartnerRegistered', data: { ...stamp, details } },
        { id: ERASED, role: 'admin' },
      ],
      [{ type: 'PartnerUserAdded', data: { ...stamp, userId: ERASED } }],
      [
        { type: 'PartnerSandboxTokenIssued', data: { ...stamp, by: 'partner-token', tokenId: 't', tokenHash: 'h', hint: 'x' } },
        { id: 'partner-token', role: 'partner' },
      ],
    );
    expect(told(events)).toEqual([
      ['sandbox_token_issued', 'Token de teste gerado', 'API de parceiros'],
      ['user_added', 'Usuário (conta removida) adicionado', 'Maria Admin'],
      ['partner_registered', 'Parceiro cadastrado', 'Usuário removido'],
    ]);
  });

  it('asks users for the accounts only: never the partner API, the worker or the system', () => {
    const events = given(
      [{ type: 'PartnerRegistered', data: { ...stamp, details } }],
      [
        { type: 'PartnerUserAdded', data: { ...stamp, userId: ANA } },
        { id: 'system', role: 'system' },
      ],
      [{ type: 'WebhookEndpointRemoved', data: { ...hook, by: { kind: 'partner', id: P } } }, partnerApi],
      [{ type: 'WebhookEndpointPaused', data: { ...hook, by: { kind: 'worker', id: 'webhooks' }, reason: 'failing' } }, worker],
    );
    expect(accountIdsIn(events).sort()).toEqual([ADMIN, ANA].sort());
  });
});
