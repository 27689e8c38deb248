import type { HistoryKind } from './history-kinds.js';

// What each kind of history entry is called, in pt-BR: the one list the CSV export's 'Tipo'
// column (api/history/history-csv.ts) and the dashboard's history screens and filter
// (web/src/lib/history-labels.ts) both read, in the order the filter lists them. Pure, so the
// web bundles it as it is.

export const HISTORY_KIND_LABELS: Readonly<Record<HistoryKind, string>> = {
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

export { HISTORY_KINDS, isHistoryKind } from './history-kinds.js';
export type { HistoryKind } from './history-kinds.js';
