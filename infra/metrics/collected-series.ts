// Series read on each scrape from what one app (or process role) holds: its pool, how far its
// projectors are behind the log, how many jobs wait in its queues. One registry per app, so
// several apps in one process (tests) each report their own; the process's counters come from
// registry.ts and are joined to these in the exposition (exposition.ts).
import { Gauge, Registry } from 'prom-client';
import type { Pool } from 'pg';

export interface ProjectorLag {
  name: string;
  lag_events: number;
  lag_seconds: number;
}

export interface QueueCount {
  queue: string;
  state: string;
  count: number;
}

export interface MetricSources {
  pool?: Pool;
  /** The projectors' distance from the head of the log (projections/projection-lag.ts). */
  projectionLag?: () => Promise<ProjectorLag[]>;
  /** Jobs per queue and state (BullMQ getJobCounts, or the in-process queue's own). */
  queueCounts?: () => Promise<QueueCount[]>;
}

/** A failed source (the database away) leaves its series empty rather than failing the scrape. */
async function orNothing<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}

export function collectedRegistry(sources: MetricSources): Registry {
  const registry = new Registry();
  const { pool, projectionLag, queueCounts } = sources;
  if (pool) {
    new Gauge({
      name: 'hub_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
  }
  if (projectionLag) {
    // One query answers both gauges: the first to be collected reads, the second reuses it.
    let pending: Promise<ProjectorLag[]> | null = null;
    const lag = () => (pending ??= orNothing(projectionLag).finally(() => setImmediate(() => (pending = null))));
    new Gauge({
      name: 'hub_projection_lag_events',
      help: 'Events recorded after the projector checkpoint (counted up to 10,000).',
      labelNames: ['projector'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await lag()) this.set({ projector: row.name }, row.lag_events);
      },
    });
    new Gauge({
      name: 'hub_projection_lag_seconds',
      help: 'Age of the oldest event the projector has not applied yet; 0 when caught up.',
      labelNames: ['projector'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await lag()) this.set({ projector: row.name }, row.lag_seconds);
      },
    });
  }
  if (queueCounts) {
    new Gauge({
      name: 'hub_queue_jobs',
      help: 'Jobs per queue (job name) and state: waiting, active, delayed, failed.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await orNothing(queueCounts)) this.set({ queue: row.queue, state: row.state }, row.count);
      },
    });
  }
  return registry;
}
