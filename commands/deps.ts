import type { Pool } from 'pg';
import type { EventStore, GlobalPosition } from '../infra/eventstore/port.js';
import type { JobQueue } from '../infra/queue/port.js';
import type { BookingCache } from './booking-cache.js';

/** What command services need from the outside world; built once per process. */
export interface CommandDeps {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  /** Key for access-code hashes; never sent to any client. */
  codeSecret: string;
  clock: () => Date;
  maxReservationHours: number;
  /** How long an unpaid reservation holds its locker (PAYMENT_WINDOW_MINUTES, default 15). */
  paymentWindowMs?: number;
  /** Active reservations one renter may hold at once (MAX_ACTIVE_RESERVATIONS, default 5). */
  maxActiveReservations?: number;
  /** Unpaid reservations one renter may hold at once (MAX_UNPAID_HOLDS, default 1, ADR 0016). */
  maxUnpaidHolds?: number;
  /**
   * Bounded wait until read models include a position: by default the short wait of an answer
   * (ANSWER_WAIT_MS); a command that reads the read models to decide asks for longer.
   */
  awaitProjections: (position: GlobalPosition, timeoutMs?: number) => Promise<boolean>;
  log: { warn(obj: object, msg: string): void };
  /** Folded Hub, renter and day-schedule streams; by default one per event store (booking-cache.ts). */
  bookingCache?: BookingCache;
}

export const DEFAULT_PAYMENT_WINDOW_MS = 15 * 60_000;
export const DEFAULT_MAX_ACTIVE_RESERVATIONS = 5;

export const paymentWindowOf = (deps: Pick<CommandDeps, 'paymentWindowMs'>) => deps.paymentWindowMs ?? DEFAULT_PAYMENT_WINDOW_MS;

export const EXPIRE_JOB = 'reservation.expire';
