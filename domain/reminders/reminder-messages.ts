import { formatSaoPauloDateTime } from '../shared/sao-paulo-time.js';
import { DEFAULT_OVERDUE_HOLD_MS } from './overdue-hold.js';
import type { ReminderKind } from './reminder-events.js';

// The words of each notice, one place for every channel (e-mail, in-app, push), in pt-BR with
// times as dd/MM/yyyy HH:mm in São Paulo. The overdue policy (ADR 0023) is said here as promised.

export interface NoticeFacts {
  kind: ReminderKind;
  endMs: number;
  /** The Hub's name and the locker's number when known (the read model may lag a moment). */
  hubName: string | null;
  lockerNumber: number | null;
  /** How long the locker stays held past the end (OVERDUE_HOLD_HOURS, default 24 h). */
  holdMs?: number;
}

export interface NoticeText {
  title: string;
  body: string;
}

/** 'Sua reserva do locker 12 (Hub Paulista)', or as much of it as is known. */
function yourReservation(f: NoticeFacts): string {
  const locker = f.lockerNumber === null ? '' : ` do locker ${f.lockerNumber}`;
  return `Sua reserva${locker}${f.hubName ? ` (${f.hubName})` : ''}`;
}

export function noticeText(f: NoticeFacts): NoticeText {
  const end = formatSaoPauloDateTime(f.endMs);
  if (f.kind === 'ending_soon') {
    return {
      title: 'Sua reserva está terminando',
      body: `${yourReservation(f)} termina em ${end}. Precisa de mais tempo? Estenda a reserva antes do fim.`,
    };
  }
  const holdUntil = formatSaoPauloDateTime(f.endMs + (f.holdMs ?? DEFAULT_OVERDUE_HOLD_MS));
  return {
    title: 'Sua reserva terminou sem ser finalizada',
    body:
      `${yourReservation(f)} terminou em ${end} e não foi finalizada. Se seus pertences ainda estão lá, ` +
      `eles ficam guardados no locker até ${holdUntil}; depois disso a equipe de logística pode retirá-los e guardá-los no Hub. ` +
      'Fale com o suporte para combinar a retirada.',
  };
}

/** Where a notice leads, in the web app: the access page, opening the extension dialog before the end. */
export function noticeLink(kind: ReminderKind, reservationId: string): { path: string; label: string } {
  return kind === 'ending_soon'
    ? { path: `/access/${reservationId}?estender=1`, label: 'Estender reserva' }
    : { path: `/access/${reservationId}`, label: 'Ver reserva' };
}
