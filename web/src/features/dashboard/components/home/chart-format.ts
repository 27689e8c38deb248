import type { DailyStat } from '../../types';

// Labels of the home's charts, pt-BR: days as dd/MM, percentages with a comma, money as R$.

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlShort = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** 'YYYY-MM-DD' (already a São Paulo day) → 'dd/MM'; no Date, so no time zone can shift it. */
export const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
export const fullDayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const formatPercent = (value: number) => `${percent.format(value)}%`;
export const formatMoneyCents = (cents: number) => brl.format(cents / 100);
/** Axis ticks: 'R$ 1,2 mil' rather than 'R$ 1.234,56'. */
export const formatMoneyTick = (reais: number) => brlShort.format(reais);

/** Share of active lockers, whole percent; 0 when there are none (spec: the donut shows 0). */
export const activePercent = (active: number, total: number) => (total > 0 ? Math.round((active / total) * 100) : 0);

export interface ChartPoint {
  date: string;
  label: string;
  occupancy: number;
  revenue: number;
  revenueCents: number;
}

export const chartPoints = (days: DailyStat[]): ChartPoint[] =>
  days.map((d) => ({ date: d.date, label: dayLabel(d.date), occupancy: d.occupancy_pct, revenue: d.revenue_cents / 100, revenueCents: d.revenue_cents }));

/** One sentence a screen reader hears for each chart. */
export function occupancySummary(days: DailyStat[]): string {
  if (days.every((d) => d.occupancy_pct === 0)) return `Nenhuma hora reservada nos últimos ${days.length} dias.`;
  const mean = days.reduce((sum, d) => sum + d.occupancy_pct, 0) / days.length;
  const peak = days.reduce((best, d) => (d.occupancy_pct > best.occupancy_pct ? d : best), days[0]!);
  return `Ocupação média de ${formatPercent(mean)} em ${days.length} dias; máxima de ${formatPercent(peak.occupancy_pct)} em ${fullDayLabel(peak.date)}.`;
}

export function revenueSummary(days: DailyStat[]): string {
  const total = days.reduce((sum, d) => sum + d.revenue_cents, 0);
  if (total === 0) return `Nenhuma receita nos últimos ${days.length} dias.`;
  const peak = days.reduce((best, d) => (d.revenue_cents > best.revenue_cents ? d : best), days[0]!);
  return `Receita de ${formatMoneyCents(total)} em ${days.length} dias; maior dia ${fullDayLabel(peak.date)} com ${formatMoneyCents(peak.revenue_cents)}.`;
}
