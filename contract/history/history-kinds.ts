// The history's vocabulary (docs/admin-api.md, "History"): what each kind of entry is called on
// the wire, and in pt-BR. One list, read by the projector that writes the entries, the API's CSV
// export ('Tipo' column) and the dashboard's screens and filter, in the order the filter lists them.

export const HISTORY_KINDS = [
  'hub_registered',
  'hub_changed',
  'hub_removed',
  'installed',
  'changed',
  'activated',
  'deactivated',
  'removed',
  'booked',
  'paid',
  'code_issued',
  'opened',
  'finalized',
  'expired',
  'cancelled',
  'moved_in',
  'moved_out',
  // Issue 9 pickups and door codes.
  'left_for_pickup',
  'pickup_claimed',
  'pickup_code_issued',
  'pickup_completed',
  'code_invalidated',
  // Issue 26 access grants to private Hubs.
  'access_requested',
  'access_granted',
  'access_denied',
  'access_revoked',
  // Issue 26 staff assignments.
  'staff_assigned',
  'staff_unassigned',
  // Issue 27 partners.
  'partner_hub_added',
  'partner_hub_removed',
  // Issue 28 payments: PIX charges, late payments and refunds.
  'pix_charge_created',
  'late_payment',
  'refund_requested',
  'refund_settled',
  // Issue 28: a reservation extended on the same locker.
  'extended',
  // Issue 29: a code the controller refused while Hub was unreachable (ADR 0025).
  'code_refused',
  // Issue 29: what a door did, and its Hub's controller going offline and back.
  'door_state',
  'controller_offline',
  'controller_online',
  // Issue 29: alerts (a door jammed, forced or left open; a controller offline).
  'alert_raised',
  'alert_acknowledged',
  'alert_resolved',
] as const;

export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const isHistoryKind = (value: string): value is HistoryKind => (HISTORY_KINDS as readonly string[]).includes(value);

/** What each kind of history entry is called, in pt-BR. */
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
  access_requested: 'Acesso solicitado',
  access_granted: 'Acesso concedido',
  access_denied: 'Acesso recusado',
  access_revoked: 'Acesso revogado',
  staff_assigned: 'Operador na equipe',
  staff_unassigned: 'Operador fora da equipe',
  partner_hub_added: 'Hub atribuído a parceiro',
  partner_hub_removed: 'Hub retirado de parceiro',
  pix_charge_created: 'Cobrança PIX criada',
  late_payment: 'Pagamento fora do prazo',
  refund_requested: 'Reembolso solicitado',
  refund_settled: 'Reembolso concluído',
  extended: 'Reserva estendida',
  code_refused: 'Código recusado',
  door_state: 'Estado da porta',
  controller_offline: 'Controlador offline',
  controller_online: 'Controlador online de novo',
  alert_raised: 'Alerta aberto',
  alert_acknowledged: 'Alerta reconhecido',
  alert_resolved: 'Alerta resolvido',
};
