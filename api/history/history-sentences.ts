import type { ActorKind, HistoryKind } from '../../projections/history/history-kinds.js';
import { formatCents, formatDateTime, formatOrderNumber, formatWindow } from './history-format.js';
import { alertKindLabel } from '../../contract/alerts/alert-labels.js';

// One pt-BR sentence per history entry, e.g. 'Locker 03 (M) reservado por Ana Souza para
// 25/11/2026 14:00–16:00 (R$ 12,00).' Pure: names come in already read from the users table.

export interface SentenceInput {
  kind: HistoryKind;
  hubId: string;
  lockerOrderNumber: number | null;
  actor: { kind: ActorKind; name: string };
  /** The reservation's renter, for reservation entries. */
  renterName: string | null;
  /** True when the renter acted on their own reservation. */
  actorIsRenter: boolean;
  data: Record<string, unknown>;
}

const hubFieldLabels: Record<string, string> = {
  name: 'nome',
  address: 'endereço',
  zipcode: 'CEP',
  city: 'cidade',
  state: 'estado',
  country: 'país',
  description: 'descrição',
  latitude: 'latitude',
  longitude: 'longitude',
  imageUrl: 'imagem',
  private: 'privacidade',
  autoRegistration: 'cadastro automático',
  kind: 'tipo',
  hardware: 'hardware',
  secretKey: 'chave secreta',
};

const methodLabels: Record<string, string> = { credit_card: 'cartão de crédito', pix: 'Pix', partner_invoice: 'fatura do parceiro' };

const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

function lockerChange(column: string, change: { from: unknown; to: unknown }): string {
  switch (column) {
    case 'price_per_hour_cents':
      return `preço ${change.from == null ? '—' : `${formatCents(num(change.from))}/h`} → ${formatCents(num(change.to))}/h`;
    case 'size':
      return `tamanho ${str(change.from) || '—'} → ${str(change.to)}`;
    case 'type':
      return `tipo ${str(change.from) || '—'} → ${str(change.to)}`;
    case 'collect_number':
      return `número de coleta ${str(change.from) || '—'} → ${str(change.to) || '—'}`;
    default:
      return column;
  }
}

// Why an operator left a Hub's team when no admin chose it (issue 26 item 7).
const staffLeaveReasons: Record<string, string> = { role_changed: ' (deixou de ser operador)', account_erased: ' (conta excluída)' };

const codeKindLabel = (kind: unknown) => (kind === 'pickup' ? 'coleta' : 'acesso');

// What a door did (issue 29), in the words the staff pages use.
const doorStateSentences: Record<string, string> = {
  opened: 'porta aberta',
  closed: 'porta fechada',
  left_open: 'porta aberta há muito tempo',
  jammed: 'porta emperrada (não abriu)',
  forced: 'porta arrombada / aberta sem comando',
};

const withList = (items: string[]) => (items.length ? `: ${items.join(', ')}.` : '.');

export function historySentence(input: SentenceInput): string {
  const { data } = input;
  const by = input.actor.name;
  const locker = `Locker ${formatOrderNumber(input.lockerOrderNumber)}`;
  const renter = input.renterName ?? by;
  // 'reserva finalizada por Ana' when Ana ended her own; 'reserva de Ana finalizada por X' otherwise.
  const ofRenter = input.actorIsRenter ? 'reserva' : `reserva de ${renter}`;
  switch (input.kind) {
    case 'hub_registered':
      return `Hub ${input.hubId}${data.name ? ` (${str(data.name)})` : ''} cadastrado por ${by}.`;
    case 'hub_changed': {
      const fields = Array.isArray(data.fields) ? data.fields.map((f) => hubFieldLabels[str(f)] ?? str(f)) : [];
      return `Hub ${input.hubId} alterado por ${by}${withList(fields)}`;
    }
    case 'hub_removed':
      return `Hub ${input.hubId} removido por ${by}.`;
    case 'installed': {
      const details = [str(data.size), str(data.type), `${formatCents(num(data.price_per_hour_cents))}/h`];
      if (data.status === 'Inativo') details.push('inativo');
      return `${locker} (${details.join(', ')}) instalado por ${by}.`;
    }
    case 'changed': {
      const changes = (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      return `${locker} alterado por ${by}${withList(Object.entries(changes).map(([column, change]) => lockerChange(column, change)))}`;
    }
    case 'activated':
      return `${locker} ativado por ${by}.`;
    case 'deactivated':
      return `${locker} desativado por ${by}${data.reason ? `: ${str(data.reason)}` : ''}.`;
    case 'removed':
      return `${locker} removido por ${by}.`;
    case 'booked':
      return `${locker} (${str(data.size)}) reservado por ${renter} para ${formatWindow(str(data.start_time), str(data.end_time))} (${formatCents(num(data.price_cents))}).`;
    case 'paid':
      return `${locker}: pagamento de ${formatCents(num(data.amount_cents))} via ${methodLabels[str(data.method)] ?? str(data.method)} confirmado por ${by}.`;
    case 'code_issued':
      return `${locker}: código de acesso emitido por ${by}${data.expires_at ? `, válido até ${formatDateTime(str(data.expires_at))}` : ''}.`;
    case 'opened':
      // Door openings from the controller say which code opened them (issue 9).
      // Offline: the controller decided from its manifest and told Hub later (ADR 0025).
      if (data.code_kind) return `${locker}: porta aberta com código de ${codeKindLabel(data.code_kind)}${data.offline ? ' (sem conexão)' : ''}.`;
      return `${locker} aberto por ${by}.`;
    case 'code_refused':
      return `${input.lockerOrderNumber ? locker : `Hub ${input.hubId}`}: código recusado${data.reason === 'rate_limited' ? ' com o teclado bloqueado por tentativas erradas' : ''} (sem conexão).`;
    case 'left_for_pickup':
      return `${locker}: item deixado para coleta por ${by}.`;
    case 'pickup_claimed':
      return `${locker}: coleta assumida por ${by}.`;
    case 'pickup_code_issued':
      return `${locker}: código de coleta emitido por ${by}${data.expires_at ? `, válido até ${formatDateTime(str(data.expires_at))}` : ''}.`;
    case 'pickup_completed':
      return `${locker}: coleta concluída por ${by}.`;
    case 'code_invalidated':
      return `${locker}: código de ${codeKindLabel(data.code_kind)} invalidado ${data.reason === 'replaced' ? '(substituído por um novo)' : 'após tentativas erradas demais'}.`;
    case 'finalized':
      return `${locker}: ${ofRenter} finalizada por ${by}.`;
    case 'expired':
      return data.reason === 'payment_overdue'
        ? `${locker}: reserva de ${renter} expirou sem pagamento.`
        : `${locker}: reserva de ${renter} encerrada ao fim do período.`;
    case 'cancelled':
      return `${locker}: ${ofRenter} cancelada por ${by}${data.reason ? ` (${str(data.reason)})` : ''}.`;
    // Access grants name the renter (the request's author, or the one the decision is about).
    case 'access_requested':
      return `Acesso ao Hub ${input.hubId} solicitado por ${renter}${data.message ? ` ("${str(data.message)}")` : ''}.`;
    case 'access_granted':
      return data.auto ? `Acesso de ${renter} concedido automaticamente (cadastro automático).` : `Acesso de ${renter} concedido por ${by}.`;
    case 'access_denied':
      return `Acesso de ${renter} recusado por ${by}${data.reason ? ` (${str(data.reason)})` : ''}.`;
    case 'access_revoked':
      return `Acesso de ${renter} revogado por ${by}.`;
    case 'staff_assigned':
      return `${input.renterName ?? 'Usuário removido'} entrou na equipe do Hub ${input.hubId}, por ${by}.`;
    case 'staff_unassigned':
      return `${input.renterName ?? 'Usuário removido'} saiu da equipe do Hub ${input.hubId}${staffLeaveReasons[str(data.reason)] ?? `, por ${by}`}.`;
    case 'partner_hub_added':
      return `Hub ${input.hubId} atribuído ao parceiro "${str(data.partner_name)}" por ${by}.`;
    case 'pix_charge_created':
      return `${locker}: cobrança PIX de ${formatCents(num(data.amount_cents))}${data.test ? ' (teste)' : ''} criada, válida até ${formatDateTime(str(data.expires_at))}.`;
    case 'late_payment':
      return `${locker}: PIX de ${formatCents(num(data.amount_cents))} recebido depois do prazo (será devolvido).`;
    case 'refund_requested':
      return `${locker}: reembolso de ${formatCents(num(data.amount_cents))} solicitado${data.cause === 'late_payment' ? ' (pagamento fora do prazo)' : ' (cancelamento)'} por ${by}.`;
    case 'extended':
      return `${locker}: reserva estendida por ${num(data.hours)} h, até ${formatDateTime(str(data.to_end_time))} (${formatCents(num(data.amount_cents))}), por ${by}.`;
    case 'refund_settled':
      return data.status === 'DEVOLVIDO' ? `${locker}: reembolso concluído.` : `${locker}: reembolso não realizado pelo banco.`;
    case 'partner_hub_removed':
      return `Hub ${input.hubId} retirado do parceiro "${str(data.partner_name)}" por ${by}.`;
    case 'door_state': {
      const source = data.source === 'renter' ? ', informado pelo cliente' : data.offline ? ', relatado pelo controlador ao reconectar' : '';
      return `${locker}: ${doorStateSentences[str(data.state)] ?? str(data.state)}${source}.`;
    }
    case 'controller_offline':
      return `Controlador do Hub ${input.hubId} offline (último sinal em ${formatDateTime(str(data.last_seen_at))}).`;
    case 'controller_online':
      return `Controlador do Hub ${input.hubId} online de novo (offline desde ${formatDateTime(str(data.offline_since))}).`;
    // Alerts (issue 29): where, what, and who acknowledged or resolved it.
    case 'alert_raised': {
      const where = input.lockerOrderNumber != null ? `${locker}: alerta` : `Hub ${input.hubId}: alerta`;
      const source = data.source === 'renter' ? ' (o cliente relatou que a porta não abriu)' : '';
      return `${where} "${alertKindLabel(str(data.alert_kind))}" aberto${source}.`;
    }
    case 'alert_acknowledged':
    case 'alert_resolved': {
      const where = input.lockerOrderNumber != null ? ` do ${locker}` : ` do Hub ${input.hubId}`;
      const done = input.kind === 'alert_acknowledged' ? 'reconhecido' : 'resolvido';
      return `Alerta "${alertKindLabel(str(data.alert_kind))}"${where} ${done} por ${by}${data.note ? ` ("${str(data.note)}")` : ''}.`;
    }
    case 'moved_out':
    case 'moved_in':
      return `Reserva movida do locker ${formatOrderNumber(data.from_order_number as number | null)} para o locker ${formatOrderNumber(data.to_order_number as number | null)} por ${by}.`;
  }
}
