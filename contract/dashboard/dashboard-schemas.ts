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

export const StatusCard = z.object({
  status: SystemStatusValue,
  label: z.enum(['Online', 'Instável', 'Fora do ar']),
  problems: z.array(z.string()),
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
export type DashboardSummaryView = z.infer<typeof DashboardSummary>;
export type DayStatsView = z.infer<typeof DayStats>;
export type DashboardStatsView = z.infer<typeof DashboardStats>;
