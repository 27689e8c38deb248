import type { LockerChange } from '../../types';

// What a deactivation did to the locker's future bookings, in words (docs/admin-api.md: a PUT or
// toggle to 'Inativo' answers the moved and the unmoved reservations).

const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const saoPauloTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd/MM/yyyy HH:mm in São Paulo time, whatever the browser's zone. */
export const formatSaoPaulo = (iso: string) => saoPaulo.format(new Date(iso)).replace(',', '');

/** '12/05/2026 10:00–12:00' (the end's date when it is another day). */
export function formatWindow(start: string, end: string): string {
  const from = formatSaoPaulo(start);
  const to = formatSaoPaulo(end);
  return from.slice(0, 10) === to.slice(0, 10) ? `${from}–${saoPauloTime.format(new Date(end))}` : `${from} – ${to}`;
}

export const padLocker = (order: number) => String(order).padStart(2, '0');

export interface MovesReport {
  summary: string;
  details: string[];
}

/** Null when nothing was moved or left behind; else one sentence and a line per reservation. */
export function describeMoves(change: Pick<LockerChange, 'moved' | 'unmoved'>): MovesReport | null {
  const moved = change.moved ?? [];
  const unmoved = change.unmoved ?? [];
  if (moved.length === 0 && unmoved.length === 0) return null;
  const parts: string[] = [];
  if (moved.length > 0) parts.push(moved.length === 1 ? '1 reserva movida' : `${moved.length} reservas movidas`);
  if (unmoved.length > 0) {
    const noun = moved.length > 0 ? '' : unmoved.length === 1 ? ' reserva' : ' reservas';
    const verb = unmoved.length === 1 ? 'não pôde ser movida' : 'não puderam ser movidas';
    const who = unmoved.map((u) => `${u.user_name || 'cliente'} (${formatWindow(u.start_time, u.end_time)})`).join(', ');
    parts.push(`${unmoved.length}${noun} ${verb}: ${who}`);
  }
  const details = [
    ...moved.map((m) => `Reserva de ${formatWindow(m.start_time, m.end_time)} movida para o locker ${padLocker(m.to_order_number)}.`),
    ...unmoved.map(
      (u) => `Reserva de ${u.user_name || 'cliente'} (${formatWindow(u.start_time, u.end_time)}) continua neste locker: nenhum locker livre do mesmo tamanho.`,
    ),
  ];
  return { summary: `${parts.join('; ')}.`, details };
}
