import { HISTORY_KIND_LABELS, HISTORY_KINDS as KINDS, isHistoryKind } from '../../../../lib/history-labels';
import type { HistoryEntry, HistoryKind } from '../../types';

// Kinds and actors of the audit trail in pt-BR, in the order the filter lists them.

/** Each kind's label: the list the CSV export uses too (web/src/lib/history-labels.ts). */
export const HISTORY_KIND_LABEL = HISTORY_KIND_LABELS;

export const HISTORY_KINDS: readonly HistoryKind[] = KINDS;

/** The Hub-level kinds (the Hub's own, its controller's) mean nothing on one locker's history. */
export const LOCKER_HISTORY_KINDS = HISTORY_KINDS.filter((k) => !k.startsWith('hub_') && !k.startsWith('controller_'));

export { isHistoryKind };

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
