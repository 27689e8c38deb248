// How the history writes times, money and locker numbers (pt-BR, America/Sao_Paulo). Pure.
import { formatSaoPauloDateTime, saoPauloParts as localParts } from '../../domain/shared/sao-paulo-time.js';

const toMs = (value: string | number | Date) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value));

/** 'dd/MM/yyyy HH:mm:ss' in São Paulo. */
export function formatDateTimeSeconds(value: string | number | Date): string {
  const p = localParts(toMs(value));
  return `${p.date} ${p.hm}:${p.s}`;
}

/** 'dd/MM/yyyy HH:mm' in São Paulo. */
export const formatDateTime = (value: string | number | Date): string => formatSaoPauloDateTime(toMs(value));

/** A window: '25/11/2026 14:00–16:00', or both dates when it crosses midnight. */
export function formatWindow(start: string | number | Date, end: string | number | Date): string {
  const a = localParts(toMs(start));
  const b = localParts(toMs(end));
  return a.date === b.date ? `${a.date} ${a.hm}–${b.hm}` : `${a.date} ${a.hm}–${b.date} ${b.hm}`;
}

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as 'R$ 1.234,56'. */
export const formatCents = (cents: number) => `R$ ${money.format(cents / 100)}`;

/** Locker numbers read two digits: 'Locker 03'. */
export const formatOrderNumber = (n: number | null | undefined) => (n == null ? '?' : String(n).padStart(2, '0'));
