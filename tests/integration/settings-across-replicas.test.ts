// Settings across two real `start:api` processes (and a projection process) on one PostgreSQL
// and Redis (issue 27 item 7): an admin lowers the renters' limit from 5 to 2 through process A,
// and the 3rd active booking is refused (409) on every process within 2 s, with no restart.
// Process B had read the settings before (limit 5) and had to drop them (its change feed, or at
// the latest its reader's 500 ms).
import { describe, expect, it } from 'vitest';
import { registerHub, windowFromNow } from '../support/test-app.js';
import { callApi as call, signInAs, useTwoApiProcesses } from '../support/two-api-processes.js';

const apis = useTwoApiProcesses('settings', async (store) => {
  await registerHub(
    store,
    'SR-01',
    Array.from({ length: 8 }, () => ({ size: 'P' as const })),
  );
});
const signIn = (role: 'user' | 'admin') => signInAs(apis, role, role === 'admin' ? 'Ada Admin' : 'Rita Renter');

const book = (base: string, token: string, offset: number) =>
  call(base, 'POST', '/api/reservations/by-size', token, { hub_id: 'SR-01', size: 'P', ...windowFromNow(1, offset) });

/**
 * Tries a 3rd booking on `base` until it is refused, cancelling any that a process still on the
 * old limit let through (a cancelled booking is not active). Returns the refusal and how long
 * after `since` it came.
 */
async function thirdRefused(base: string, token: string, since: number) {
  for (let offset = 10; ; offset += 2) {
    const res = await book(base, token, offset);
    if (res.status !== 201) return { res, afterMs: Date.now() - since };
    await call(base, 'POST', `/api/reservations/${String(res.body.id)}/cancel`, token);
    if (Date.now() - since > 5000) throw new Error('the old limit still held after 5 s');
  }
}

describe('settings across API replicas', () => {
  it('changing the limit from 5 to 2 makes the 3rd active booking 409 on every API process within 2 s', async () => {
    const admin = await signIn('admin');
    const [ana, bia] = [await signIn('user'), await signIn('user')];
    // Both processes read the settings in force (limit 5) while booking.
    for (const [renter, base] of [
      [ana, apis.a],
      [bia, apis.b],
    ] as const) {
      for (const offset of [1, 4]) {
        const booked = await book(base, renter.token, offset);
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        // Paid: one unpaid hold at a time is its own rule (ADR 0016).
        expect((await call(base, 'POST', `/api/reservations/${String(booked.body.id)}/pay`, renter.token, { method: 'pix' })).status).toBe(200);
      }
    }
    const changed = await call(apis.a, 'PUT', '/api/settings', admin.token, { reservation_limit: 2 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const since = Date.now();
    const [onA, onB] = await Promise.all([thirdRefused(apis.a, ana.token, since), thirdRefused(apis.b, bia.token, since)]);
    for (const { res, afterMs } of [onA, onB]) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error?.code).toBe('reservation_limit');
      expect(afterMs).toBeLessThan(2000);
    }
    // Process B reads the same settings.
    expect((await call(apis.b, 'GET', '/api/settings', admin.token)).body.reservation_limit).toBe(2);
  });
});
