// What operators read for each alert (issue 29 item 5): one list, read by the e-mail, the
// history's sentences and the dashboard's 'Alertas' page (through web/src/features/alerts).

export const ALERT_KIND_VALUES = ['door_jammed', 'door_forced', 'door_left_open', 'controller_offline'] as const;
export type AlertKindValue = (typeof ALERT_KIND_VALUES)[number];

export const ALERT_STATUS_VALUES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatusValue = (typeof ALERT_STATUS_VALUES)[number];

export const ALERT_KIND_LABELS: Readonly<Record<AlertKindValue, string>> = {
  door_jammed: 'Porta emperrada',
  door_forced: 'Porta arrombada / aberta sem comando',
  door_left_open: 'Porta aberta há muito tempo',
  controller_offline: 'Controlador offline',
};

export const ALERT_STATUS_LABELS: Readonly<Record<AlertStatusValue, string>> = {
  open: 'Aberto',
  acknowledged: 'Reconhecido',
  resolved: 'Resolvido',
};

/** The kind's label; an unknown kind (a newer server) reads as itself. */
export const alertKindLabel = (kind: string): string => ALERT_KIND_LABELS[kind as AlertKindValue] ?? kind;
