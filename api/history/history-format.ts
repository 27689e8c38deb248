// How the history writes times, money and locker numbers (pt-BR, America/Sao_Paulo). Pure.

const TIME_ZONE = 'America/Sao_Paulo';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function localParts(ms: number) {
  const parts: Record<string, string> = {};
  for (const part of dateTimeParts.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return { date: `${parts.day}/${parts.month}/${parts.year}`, hm: `${parts.hour}:${parts.minute}`, s: parts.second ?? '00' };
}

const toMs = (value: string | number | Date) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value));

/** 'dd/MM/yyyy HH:mm:ss' in São Paulo. */
export function formatDateTimeSeconds(value: string | number | Date): string {
  const p = localParts(toMs(value));
  return `${p.date} ${p.hm}:${p.s}`;
}

/** 'dd/MM/yyyy HH:mm' in São Paulo. */
export function formatDateTime(value: string | number | Date): string {
  const p = localParts(toMs(value));
  return `${p.date} ${p.hm}`;
}

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
