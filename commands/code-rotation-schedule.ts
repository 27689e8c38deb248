// The schedule of access-code rotation: one repeating job per active reservation. Apart from
// rotate-access-code.ts so that reservation-commands.ts (which starts and stops it) and the
// rotation itself (which runs reservation commands) do not import each other.
import type { JobQueue, RepeatingJobQueue } from '../infra/queue/port.js';

export const ROTATE_JOB = 'rotate-access-code';
export const DEFAULT_ROTATION_MS = 300_000;

export function rotationPeriodFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ACCESS_CODE_ROTATION_MS;
  if (raw === undefined || raw === '') return DEFAULT_ROTATION_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100) throw new Error('ACCESS_CODE_ROTATION_MS must be an integer of at least 100 (ms).');
  return ms;
}

export const rotationKey = (reservationId: string) => `rotate-${reservationId}`;

/** Whether this queue can repeat (both real adapters can; test doubles may not). */
export const canRepeat = (queue: JobQueue): queue is RepeatingJobQueue => 'repeat' in queue && 'stopRepeat' in queue;

/** (Re)start the rotation of a reservation one period from now: when a new code was issued. */
export async function startRotation(queue: JobQueue, reservationId: string, periodMs = rotationPeriodFromEnv()): Promise<void> {
  if (canRepeat(queue)) await queue.repeat(ROTATE_JOB, { reservationId }, { everyMs: periodMs, key: rotationKey(reservationId) });
}

export async function stopRotation(queue: JobQueue, reservationId: string): Promise<void> {
  if (canRepeat(queue)) await queue.stopRepeat(ROTATE_JOB, rotationKey(reservationId));
}
