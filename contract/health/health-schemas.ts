import { z } from 'zod';

// What the health endpoints and the dashboard's status card report (api/health/system-status.ts).

export const SystemStatusValue = z.enum(['ok', 'degraded', 'down']);

const ProjectionLag = z.object({
  name: z.string(),
  lag_events: z.number().int().meta({ description: 'Eventos gravados depois do checkpoint (contados até 10.000).' }),
  lag_seconds: z.number().meta({ description: 'Idade do evento mais antigo ainda não aplicado; 0 em dia.' }),
});

const ProjectorStop = z.object({
  name: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  stream_id: z.string(),
  position: z.string().meta({ description: "Posição global do evento, 'tx/seq'." }),
  error: z.string(),
  error_code: z.string().nullable(),
  stopped_at: z.iso.datetime({ offset: true }),
});

/** GET /api/health for an admin: the database, each projection's lag and what is wrong (pt-BR). */
export const SystemStatus = z.object({
  status: SystemStatusValue,
  database: z.enum(['up', 'down']),
  projections: z.array(ProjectionLag),
  stopped: z.array(ProjectorStop),
  oldest_transaction_seconds: z.number().nullable(),
  problems: z.array(z.string()),
});

/** GET /api/health for anyone else: only the status (what a load balancer needs). */
export const PublicHealth = SystemStatus.pick({ status: true });
/** Admins get the whole status; everyone else the status alone. */
export const Health = z.union([SystemStatus, PublicHealth]);

export const Liveness = z.object({ status: z.literal('ok') });

/** GET /api/health/ready (infra/health/readiness.ts). */
export const Readiness = z.object({
  ready: z.boolean(),
  role: z.enum(['api', 'projections', 'workers', 'all-in-one']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  running: z.boolean(),
});

export type SystemStatusView = z.infer<typeof SystemStatus>;
export type SystemStatusValueShape = z.infer<typeof SystemStatusValue>;
export type ReadinessView = z.infer<typeof Readiness>;
