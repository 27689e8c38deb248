// Server-rotated access codes (issue 9): while a reservation is active a repeating job issues its
// next derived code every ACCESS_CODE_ROTATION_MS (default 300 s). A tick that finds the
// reservation no longer active stops its own repeat, so an ended reservation rotates no more; one
// paid ahead of its window does nothing until the window starts (domain/doors/code-window.ts).
import { readReservation } from '../commands/reservation-commands.js';
import { ROTATE_JOB, rotateAccessCode, stopRotation } from '../commands/rotate-access-code.js';

export { ROTATE_JOB, rotationPeriodFromEnv, startRotation, stopRotation } from '../commands/rotate-access-code.js';
import { codeOpens } from '../domain/doors/code-window.js';
import { DomainError } from '../domain/shared/domain-error.js';
import type { EventStore } from '../infra/eventstore/port.js';
import type { RepeatingJobQueue } from '../infra/queue/port.js';
import { workerContext } from './worker-context.js';

export interface RotationDeps {
  store: EventStore;
  queue: RepeatingJobQueue;
  codeSecret: string;
  clock: () => Date;
}

export function startCodeRotation(deps: RotationDeps): void {
  deps.queue.process<{ reservationId: string }>(ROTATE_JOB, async ({ reservationId }, meta) => {
    const { state } = await readReservation(deps, reservationId);
    if (state.status !== 'active') return stopRotation(deps.queue, reservationId);
    // Outside the window nothing is issued: a reservation paid ahead waits for its start; past its
    // end the expiry closes it and the next tick stops the repeat.
    const now = deps.clock();
    if (!codeOpens('access', state, now.getTime())) return;
    try {
      await rotateAccessCode(deps, reservationId, workerContext(now, meta.jobId));
    } catch (error) {
      // Ended between the read and the append: the next tick stops the repeat.
      if (error instanceof DomainError) return;
      throw error;
    }
  });
}
