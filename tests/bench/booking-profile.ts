// Where a booking's time goes: wraps the deps a command gets so that every round trip (event
// store call, SQL query, queue call) is counted and timed by step, without touching the command.
// Steps are named by what is read: the Hub stream, the renter stream, a locker's day schedule,
// the reservation stream (the idempotency lookup), the read-model hint, the append, the expiry.
import type { CommandDeps } from '../../commands/deps.js';

interface StepTotals {
  calls: number;
  ms: number;
}

export interface Profile {
  deps: CommandDeps;
  /** Per booking: round trips and milliseconds spent waiting on each step. */
  perBooking(bookings: number): { step: string; calls: number; ms: number }[];
}

function stepOfStream(streamId: string): string {
  if (streamId.startsWith('hub-')) return 'read Hub stream';
  if (streamId.startsWith('renter-')) return 'read renter stream';
  if (streamId.startsWith('locker-schedule-')) return 'read day schedule';
  if (streamId.startsWith('reservation-')) return 'read reservation (idempotency)';
  return `read ${streamId.split('-')[0]}`;
}

const stepOfSql = (sql: string) => (/rm_reservations/.test(sql) ? 'read-model hint' : 'other SQL');

export function profile(deps: CommandDeps): Profile {
  const totals = new Map<string, StepTotals>();
  async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const t = totals.get(step) ?? { calls: 0, ms: 0 };
      t.calls++;
      t.ms += performance.now() - started;
      totals.set(step, t);
    }
  }
  const store: CommandDeps['store'] = {
    ...deps.store,
    append: (streamId, events, expected) => timed('append', () => deps.store.append(streamId, events, expected)),
    appendMany: (appends) => timed('append', () => deps.store.appendMany(appends)),
    readStream: (streamId, from) => timed(stepOfStream(streamId), () => deps.store.readStream(streamId, from)),
  };
  const db = new Proxy(deps.db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      return (sql: string, params?: unknown[]) => timed(stepOfSql(sql), () => target.query(sql, params));
    },
  });
  const queue: CommandDeps['queue'] = {
    ...deps.queue,
    schedule: (name, payload, opts) => timed('schedule expiry', () => deps.queue.schedule(name, payload, opts)),
  };
  return {
    deps: { ...deps, store, db, queue },
    perBooking: (bookings) => [...totals].map(([step, t]) => ({ step, calls: t.calls / bookings, ms: t.ms / bookings })).sort((a, b) => b.ms - a.ms),
  };
}
