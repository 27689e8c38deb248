// Several worker processes on one database (ADR 0011): the sweeper's period is claimed by one
// of them only, and a reservation expired by two workers at once (a BullMQ job and a sweep, or
// two sweeps) is expired once: the event store refuses the second by stream version.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDeps } from '../../commands/deps.js';
import { expireReservation } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { claimPeriod } from '../../workers/sweeper.js';
import { workerContext } from '../../workers/worker-context.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp } from '../support/test-app.js';

const MIN = 60_000;

describe('worker replicas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('of several workers reaching a sweep period at once, exactly one claims it; the next period is claimed again', async () => {
    await t.db.query('DELETE FROM periodic_runs');
    const claims = await Promise.all(Array.from({ length: 4 }, () => claimPeriod(t.db, 60 * MIN)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod(t.db, 60 * MIN)).toBe(false);
    // A period of 1 ms has passed by now: the next one is free to claim.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await claimPeriod(t.db, 1)).toBe(true);
  });

  it('a reservation expired by two workers at the same moment is expired once', async () => {
    await registerHub(t.store, 'WR-01', [{ size: 'P' }]);
    const renter = await signUp(t, 'Dupla');
    const deps: CommandDeps = {
      db: t.db,
      store: t.store,
      queue: { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} },
      codeSecret: 'x'.repeat(32),
      clock: () => new Date(),
      maxReservationHours: 48,
      paymentWindowMs: 1,
      awaitProjections: async () => true,
      log: { warn: () => {} },
    };
    const now = Date.now();
    const booked = await reserveBySize(
      deps,
      { userId: renter.id, hubId: 'WR-01', size: 'P', start: new Date(now), end: new Date(now + 60 * MIN), canUsePrivateHub: false },
      { actor: { id: renter.id, role: 'user' }, correlationId: randomUUID(), now: new Date(now) },
    );
    const later = new Date(now + 1000); // past its 1 ms payment window
    const results = await Promise.allSettled([1, 2, 3].map((n) => expireReservation(deps, booked.reservationId, workerContext(later, `worker-${n}`))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const { rows } = await t.db.query(`SELECT 1 FROM events WHERE type = 'ReservationExpired' AND data->>'reservationId' = $1`, [booked.reservationId]);
    expect(rows).toHaveLength(1);
  });
});
