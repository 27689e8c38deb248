import type { Pool } from 'pg';
import type { EventStore, GlobalPosition } from '../infra/eventstore/port.js';
import type { PaymentPort } from '../infra/payments/port.js';
import type { JobQueue } from '../infra/queue/port.js';
import type { BookingCache } from './booking-cache.js';
import type { SettingsReader } from './settings-reader.js';

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
  /**
   * The platform's settings (issue 27): where given, its reservation limit, maximum hours and
   * maintenance mode replace maxActiveReservations and maxReservationHours (their initial values).
   */
  settings?: SettingsReader;
  /**
   * The PSP (issue 28, infra/payments/port.ts): the simulated provider unless PIX_API_URL
   * configures the API Pix adapter. Absent in older test setups: they pay by the simulated route.
   */
  payments?: PaymentPort;
}

export const DEFAULT_PAYMENT_WINDOW_MS = 15 * 60_000;
export const DEFAULT_MAX_ACTIVE_RESERVATIONS = 5;

export const paymentWindowOf = (deps: Pick<CommandDeps, 'paymentWindowMs'>) => deps.paymentWindowMs ?? DEFAULT_PAYMENT_WINDOW_MS;

export const EXPIRE_JOB = 'reservation.expire';

/** The booking rules in force: the admins' settings, else this process's environment. */
export async function bookingRulesOf(deps: Pick<CommandDeps, 'settings' | 'maxActiveReservations' | 'maxReservationHours'>) {
  const s = await deps.settings?.current();
  return {
    limit: s?.reservationLimit ?? deps.maxActiveReservations ?? DEFAULT_MAX_ACTIVE_RESERVATIONS,
    maxHours: s?.maxReservationHours ?? deps.maxReservationHours,
    maintenance: s?.maintenanceMode ?? false,
  };
}
