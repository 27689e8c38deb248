// pt-BR everywhere: dd/MM/yyyy HH:mm and R$ 1.234,56. Prices arrive in cents or in reais per hour.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const formatCents = (cents: number) => brl.format(cents / 100);
export const formatReais = (reais: number) => brl.format(reais);

// Numeric dates in local time need no locale data: formatted by hand, so date-fns and its pt-BR
// locale stay out of the first-load bundle (the header imports this module).
const two = (n: number) => String(n).padStart(2, '0');
export const formatDate = (iso: string | Date) => {
  const d = new Date(iso);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
};
export const formatTime = (iso: string | Date) => {
  const d = new Date(iso);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
};
export const formatDateTime = (iso: string | Date) => `${formatDate(iso)} ${formatTime(iso)}`;

/** A locker's number as the lockers show it: 01, 02, … 12. */
export const padLockerNumber = (order: number) => String(order).padStart(2, '0');

/** 6 digits as 3-3 (or 8 as 4-4), the way the code card shows them. */
export const formatAccessCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : `${code.slice(0, 3)} ${code.slice(3)}`);

/** mm:ss for a countdown in seconds. */
export const formatCountdown = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** (XX) XXXXX-XXXX as the user types (10 digits: (XX) XXXX-XXXX). */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
