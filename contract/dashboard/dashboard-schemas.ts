import { z } from 'zod';
import { SystemStatusValue } from '../health/health-schemas.js';

// The dashboard home's answers (docs/admin-api.md, "Dashboard home").

export const Operator = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  is_master: z.boolean(),
});

/** A projections rebuild running now (`npm run projections:rebuild`, table projection_rebuilds). */
export const RebuildProgress = z.object({
  phase: z.enum(['replaying', 'indexing', 'switching', 'done']),
  /** 0–100 of the events to apply (the head at the start, then the moving head). */
  percent: z.number().int(),
  events_per_second: z.number().nullable(),
  eta_seconds: z.number().nullable(),
  /** pt-BR, e.g. 'Reconstrução das projeções: 45% — 120.000 eventos/s — faltam ~2 min'. */
  text: z.string(),
});

export const StatusCard = z.object({
  status: SystemStatusValue,
  label: z.enum(['Online', 'Instável', 'Fora do ar']),
  problems: z.array(z.string()),
  /** Null unless a rebuild runs now. */
  rebuild: RebuildProgress.nullable(),
});

export const DashboardSummary = z.object({
  hubs: z.object({ total: z.number().int() }),
  lockers: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  operators: z.object({ total: z.number().int(), list: z.array(Operator) }),
  status: StatusCard,
});

/** One São Paulo day (YYYY-MM-DD) of occupancy and revenue. */
export const DayStats = z.object({
  date: z.string(),
  booked_hours: z.number(),
  capacity_hours: z.number(),
  occupancy_pct: z.number(),
  revenue_cents: z.number().int(),
});
export const DashboardStats = z.object({ days: z.array(DayStats) });

export const StatsQuery = z.object({
  days: z.coerce
    .number('Número de dias inválido')
    .int('O número de dias deve ser inteiro.')
    .min(1, 'O número de dias deve estar entre 1 e 90.')
    .max(90, 'O número de dias deve estar entre 1 e 90.')
    .default(30),
});

export type OperatorView = z.infer<typeof Operator>;
export type StatusCardView = z.infer<typeof StatusCard>;
export type RebuildProgressView = z.infer<typeof RebuildProgress>;
export type DashboardSummaryView = z.infer<typeof DashboardSummary>;
export type DayStatsView = z.infer<typeof DayStats>;
export type DashboardStatsView = z.infer<typeof DashboardStats>;
