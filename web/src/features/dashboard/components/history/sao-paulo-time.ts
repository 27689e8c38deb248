// The dashboard reads and writes times in São Paulo, whatever the admin's browser zone: the
// server's at_text is São Paulo time, so the filters, the picker and every window match it.
import { formatSaoPauloDateTime } from '../../../../lib/sao-paulo-time';

const TIME_ZONE = 'America/Sao_Paulo';

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(ms: number): Wall {
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(wallFormat.formatToParts(ms).find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far São Paulo's clock is ahead of UTC at `ms` (negative: -3 h today). */
function offsetAt(ms: number): number {
  const w = wallOf(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

const two = (n: number) => String(n).padStart(2, '0');
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' read as São Paulo wall time → ISO instant; null if invalid. */
export function saoPauloToIso(wall: string): string | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const guess = Date.UTC(year!, month! - 1, day!, hour, minute);
  if (Number.isNaN(guess) || new Date(guess).getUTCDate() !== day) return null;
  // Twice: the offset at the guess can differ from the offset at the answer around a DST change.
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first)).toISOString();
}

/** An instant as the value of a datetime-local input, in São Paulo time ('YYYY-MM-DDTHH:mm'). */
export function isoToSaoPauloInput(iso: string | number | Date): string {
  const w = wallOf(new Date(iso).getTime());
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The day after 'YYYY-MM-DD' (calendar arithmetic, no zone involved). */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}-${two(next.getUTCDate())}`;
}

/** dd/MM/yyyy HH:mm in São Paulo time. */
export const formatSaoPaulo = (iso: string): string => formatSaoPauloDateTime(new Date(iso).getTime());

/** A booking window: '12/05/2026 10:00 – 12:00', or both dates when it crosses midnight. */
export function formatWindow(start: string, end: string): string {
  const from = formatSaoPaulo(start);
  const to = formatSaoPaulo(end);
  return from.slice(0, 10) === to.slice(0, 10) ? `${from} – ${to.slice(11)}` : `${from} – ${to}`;
}
