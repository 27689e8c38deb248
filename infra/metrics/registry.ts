// The process's own series (prom-client): counted where things happen, read on each scrape.
// Series that depend on a pool, a queue or the projectors are collected on scrape instead
// (collected-series.ts), once per app that exposes them.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process: several apps in one process (tests) share its counters. */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'hub_' });

export const httpRequestDuration = new Histogram({
  name: 'hub_http_request_duration_seconds',
  help: 'HTTP requests by method, route template (never the raw URL) and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const bookings = new Counter({
  name: 'hub_bookings_total',
  help: 'Booking attempts by outcome: booked, or the refusal code (no_locker_available, ...), or error.',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

const doorAttempts = new Counter({
  name: 'hub_door_attempts_total',
  help: 'Door code attempts by outcome (opened, refused, rate_limited) and source (online, offline upload).',
  labelNames: ['outcome', 'source'] as const,
  registers: [processRegistry],
});

const queueFailures = new Counter({
  name: 'hub_queue_failures_total',
  help: 'Failed job runs in this process, by job name (each failed attempt; final ones also have final="true").',
  labelNames: ['queue', 'final'] as const,
  registers: [processRegistry],
});

export const countBooking = (outcome: string) => bookings.inc({ outcome });
export const countDoorAttempt = (outcome: 'opened' | 'refused' | 'rate_limited', source: 'online' | 'offline') => doorAttempts.inc({ outcome, source });
export const countJobFailure = (queue: string, final: boolean) => queueFailures.inc({ queue, final: String(final) });
