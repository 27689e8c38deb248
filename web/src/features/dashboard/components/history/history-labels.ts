import type { HistoryEntry, HistoryKind } from '../../types';

// Kinds and actors of the audit trail in pt-BR, in the order the filter lists them.

export const HISTORY_KIND_LABEL: Record<HistoryKind, string> = {
  hub_registered: 'Hub cadastrado',
  hub_changed: 'Hub alterado',
  hub_removed: 'Hub removido',
  installed: 'Locker instalado',
  changed: 'Locker alterado',
  activated: 'Locker ativado',
  deactivated: 'Locker desativado',
  removed: 'Locker removido',
  booked: 'Reserva criada',
  paid: 'Pagamento confirmado',
  code_issued: 'Código de acesso gerado',
  opened: 'Locker aberto',
  finalized: 'Reserva finalizada',
  expired: 'Reserva expirada',
  cancelled: 'Reserva cancelada',
  moved_in: 'Reserva recebida de outro locker',
  moved_out: 'Reserva movida para outro locker',
  left_for_pickup: 'Deixado para coleta',
  pickup_claimed: 'Coleta assumida',
  pickup_code_issued: 'Código de coleta gerado',
  pickup_completed: 'Coleta concluída',
  code_invalidated: 'Código invalidado',
};

export const HISTORY_KINDS = Object.keys(HISTORY_KIND_LABEL) as HistoryKind[];

/** The Hub-level kinds mean nothing on one locker's history. */
export const LOCKER_HISTORY_KINDS = HISTORY_KINDS.filter((k) => !k.startsWith('hub_'));

export const isHistoryKind = (value: string): value is HistoryKind => value in HISTORY_KIND_LABEL;

const ROLE_LABEL: Record<string, string> = {
  admin: 'Administrador',
  logistics: 'Logística',
  user: 'Usuário',
  maintenance: 'Manutenção',
  partner: 'Parceiro',
};

/** 'Administrador', 'Logística', 'Usuário' or 'Sistema' (the expiry worker and the system). */
export function actorRole(actor: HistoryEntry['actor']): string {
  if (actor.kind !== 'user') return 'Sistema';
  return (actor.role && ROLE_LABEL[actor.role]) || 'Usuário';
}

/** Who did it, as one line: 'Maria Silva · Administrador', 'Processo automático · Sistema', 'Sistema'. */
export function actorLine(actor: HistoryEntry['actor']): string {
  if (actor.kind === 'system') return 'Sistema';
  if (actor.kind === 'worker') return 'Processo automático · Sistema';
  return `${actor.name || 'Usuário removido'} · ${actorRole(actor)}`;
}
