import type { Pool } from 'pg';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/port.js';
import type { JobQueue } from '../../infra/queue/port.js';

/** What command services need from the outside world; built once per process. */
export interface CommandDeps {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  /** Key for access-code hashes; never sent to any client. */
  codeSecret: string;
  clock: () => Date;
  maxReservationHours: number;
  /** Bounded wait until read models include a position. */
  awaitProjections: (position: GlobalPosition) => Promise<boolean>;
  log: { warn(obj: object, msg: string): void };
}

export const EXPIRE_JOB = 'reservation.expire';
export const SWEEP_JOB = 'reservation.sweep';
