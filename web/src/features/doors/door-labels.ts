import { formatDateTime } from '../../lib/format';
import type { ControllerInfo, DoorInfo, DoorStateValue } from './types';

// The words staff read for doors and controllers (issue 29 item 4): text, never color alone.

export const DOOR_STATE_LABELS: Readonly<Record<DoorStateValue, string>> = {
  opened: 'Aberta',
  closed: 'Fechada',
  left_open: 'Aberta há muito tempo',
  jammed: 'Emperrada',
  forced: 'Arrombada / aberta sem comando',
};

export type Tone = 'success' | 'danger' | 'warning' | 'muted';

/** Problems stand out (jammed, forced, left open); an open door is normal use. */
export const doorTone = (state: DoorInfo['state']): Tone =>
  state === 'jammed' || state === 'forced' ? 'danger' : state === 'left_open' ? 'warning' : state === 'closed' ? 'success' : 'muted';

export const doorStateText = (door: Pick<DoorInfo, 'state'>) => (door.state ? DOOR_STATE_LABELS[door.state] : 'Sem informação');

/** 'desde 27/11/2026 10:05', 'informado pelo cliente', 'relatado ao reconectar'. */
export function doorDetail(door: Pick<DoorInfo, 'since' | 'source' | 'offline'>): string {
  const parts = door.since ? [`desde ${formatDateTime(door.since)}`] : [];
  if (door.source === 'renter') parts.push('informado pelo cliente');
  else if (door.offline) parts.push('relatado ao reconectar');
  return parts.join(' · ');
}

/** 'Controlador online' / 'Controlador offline desde dd/MM/yyyy HH:mm' / 'Sem controlador'. */
export function controllerText(controller: Pick<ControllerInfo, 'status' | 'offline_since'>): string {
  if (controller.status === 'online') return 'Controlador online';
  if (controller.status === 'never') return 'Sem controlador';
  return controller.offline_since ? `Controlador offline desde ${formatDateTime(controller.offline_since)}` : 'Controlador offline';
}

/** Safety poll while the socket may have missed a push. */
export const DOORS_POLL_MS = 30_000;

/**
 * When to read again: an online controller turns offline at last_seen_at + offline_after_ms (by
 * the server's clock, so measured from checked_at), even if no push says so; else the safety poll.
 */
export function nextDoorsRead(controller: Pick<ControllerInfo, 'status' | 'last_seen_at' | 'offline_after_ms' | 'checked_at'> | undefined): number {
  if (!controller || controller.status !== 'online' || !controller.last_seen_at) return DOORS_POLL_MS;
  const left = Date.parse(controller.last_seen_at) + controller.offline_after_ms - Date.parse(controller.checked_at);
  return Math.max(1_000, Math.min(DOORS_POLL_MS, left + 500));
}
