import type { WebhookEvent } from '../webhooks/webhook-events.js';
import type { PartnerDetails, PartnerEvent } from './partner-events.js';
import { PARTNER_API_ACTOR_ROLE, PARTNER_API_NAME, PARTNER_TOKEN_ACTOR } from './partner-events.js';

// A partner's own history (issue 27 item 1, "appear in the audit trail"): its two streams,
// `partner-{id}` and `partner-webhooks-{id}`, told in pt-BR, newest first. Pure: the caller reads
// the streams and passes the names of the accounts they mention (joined from users at read time,
// so an erased account reads 'Usuário removido'). Never a token or a secret: the events hold only
// a token's hash and a secret's version, and no description uses either.

/** One event of either stream, with what its metadata says and where it sits in the log. */
export interface PartnerHistoryEvent {
  id: string;
  event: PartnerEvent | WebhookEvent;
  actor: { id: string; role: string };
  at: string;
  position: { tx: bigint; seq: bigint };
}

export const PARTNER_HISTORY_KINDS = [
  'partner_registered',
  'partner_changed',
  'partner_activated',
  'partner_deactivated',
  'partner_removed',
  'user_added',
  'user_removed',
  'hub_added',
  'hub_removed',
  'token_issued',
  'sandbox_token_issued',
  'webhook_registered',
  'webhook_changed',
  'webhook_paused',
  'webhook_resumed',
  'webhook_removed',
  'webhook_secret_rotated',
] as const;
export type PartnerHistoryKind = (typeof PARTNER_HISTORY_KINDS)[number];

export interface PartnerHistoryItem {
  id: string;
  at: string;
  kind: PartnerHistoryKind;
  /** name: the account's, 'Usuário removido', 'API de parceiros'; null for the workers and the system. */
  actor: { id: string; name: string | null; role: string };
  description: string;
}

/** An account's name, or null when no users row has that id (erased). */
export type NameOf = (userId: string) => string | null;

export const REMOVED_ACCOUNT = 'Usuário removido';

/** Actors that are no account: what the partner did with its token, the workers, the system. */
const isPartnerApi = (actor: { id: string; role: string }) => actor.role === PARTNER_API_ACTOR_ROLE || actor.id === PARTNER_TOKEN_ACTOR;
const isMachine = (role: string) => role === 'worker' || role === 'system';

export function actorName(actor: { id: string; role: string }, nameOf: NameOf): string | null {
  if (isPartnerApi(actor)) return PARTNER_API_NAME;
  if (isMachine(actor.role)) return null;
  return nameOf(actor.id) ?? REMOVED_ACCOUNT;
}

/** The account ids whose names the history needs: the actors and the users added or removed. */
export function accountIdsIn(events: readonly PartnerHistoryEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if (!isPartnerApi(e.actor) && !isMachine(e.actor.role)) ids.add(e.actor.id);
    if (e.event.type === 'PartnerUserAdded' || e.event.type === 'PartnerUserRemoved') ids.add(e.event.data.userId);
  }
  return [...ids];
}

const FIELD_LABELS: Record<Exclude<keyof PartnerDetails, 'isActive'>, string> = {
  name: 'nome',
  email: 'e-mail',
  phone: 'telefone',
  cnpj: 'CNPJ',
  companyName: 'razão social',
  tradingName: 'nome fantasia',
  address: 'endereço',
  addressNumber: 'número',
  complement: 'complemento',
  neighborhood: 'bairro',
  city: 'cidade',
  state: 'estado',
  postalCode: 'CEP',
};

function describeChange(before: PartnerDetails | null, after: PartnerDetails): { kind: PartnerHistoryKind; description: string } {
  const fields = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter((k) => !before || before[k] !== after[k]).map((k) => FIELD_LABELS[k]);
  const changed = fields.length > 0 ? `dados alterados (${fields.join(', ')})` : '';
  if (before && before.isActive !== after.isActive) {
    const [kind, word] = after.isActive ? (['partner_activated', 'ativado'] as const) : (['partner_deactivated', 'desativado'] as const);
    return { kind, description: changed ? `Parceiro ${word}; ${changed}` : `Parceiro ${word}` };
  }
  return { kind: 'partner_changed', description: changed ? `Parceiro: ${changed}` : 'Parceiro alterado' };
}

const comparePosition = (a: PartnerHistoryEvent, b: PartnerHistoryEvent) =>
  a.position.tx === b.position.tx ? Number(a.position.seq - b.position.seq) : a.position.tx < b.position.tx ? -1 : 1;

/** Given the events of both streams (any order), the history, newest first. */
export function partnerHistory(events: readonly PartnerHistoryEvent[], nameOf: NameOf): PartnerHistoryItem[] {
  let details: PartnerDetails | null = null;
  const urls = new Map<string, string>();
  const userLabel = (userId: string) => (nameOf(userId) ? `Usuário ${nameOf(userId)}` : 'Usuário (conta removida)');
  const items: PartnerHistoryItem[] = [];
  for (const e of [...events].sort(comparePosition)) {
    const told = tell(e.event);
    items.push({
      id: e.id,
      at: e.at,
      kind: told.kind,
      actor: { id: e.actor.id, name: actorName(e.actor, nameOf), role: e.actor.role },
      description: told.description,
    });
  }
  return items.reverse();

  function tell(event: PartnerEvent | WebhookEvent): { kind: PartnerHistoryKind; description: string } {
    switch (event.type) {
      case 'PartnerRegistered':
        details = event.data.details;
        return { kind: 'partner_registered', description: 'Parceiro cadastrado' };
      case 'PartnerChanged': {
        const told = describeChange(details, event.data.details);
        details = event.data.details;
        return told;
      }
      case 'PartnerRemoved':
        return { kind: 'partner_removed', description: 'Parceiro removido' };
      case 'PartnerUserAdded':
        return { kind: 'user_added', description: `${userLabel(event.data.userId)} adicionado` };
      case 'PartnerUserRemoved':
        return { kind: 'user_removed', description: `${userLabel(event.data.userId)} removido` };
      case 'PartnerHubAdded':
        return { kind: 'hub_added', description: `Hub ${event.data.hubId} adicionado` };
      case 'PartnerHubRemoved':
        return { kind: 'hub_removed', description: `Hub ${event.data.hubId} removido` };
      case 'PartnerTokenIssued':
        return { kind: 'token_issued', description: 'Token de API gerado' };
      case 'PartnerSandboxTokenIssued':
        return { kind: 'sandbox_token_issued', description: 'Token de teste gerado' };
      case 'WebhookEndpointRegistered':
        urls.set(event.data.endpointId, event.data.url);
        return { kind: 'webhook_registered', description: `Webhook ${event.data.url} cadastrado` };
    }
    const url = urls.get(event.data.endpointId) ?? '';
    const webhook = url ? `Webhook ${url}` : 'Webhook';
    switch (event.type) {
      case 'WebhookEndpointChanged':
        return { kind: 'webhook_changed', description: `${webhook}: eventos alterados (${event.data.events.join(', ')})` };
      case 'WebhookEndpointPaused':
        return { kind: 'webhook_paused', description: event.data.reason === 'failing' ? `${webhook} pausado após falhas` : `${webhook} pausado` };
      case 'WebhookEndpointResumed':
        return { kind: 'webhook_resumed', description: `${webhook} reativado` };
      case 'WebhookEndpointRemoved':
        urls.delete(event.data.endpointId);
        return { kind: 'webhook_removed', description: `${webhook} removido` };
      case 'WebhookSecretRotated':
        return { kind: 'webhook_secret_rotated', description: `${webhook}: segredo de assinatura renovado` };
    }
  }
}
