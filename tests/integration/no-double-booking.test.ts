import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleEvent } from '../../domain/schedule/locker-schedule.js';
import { overlaps } from '../../domain/schedule/locker-schedule.js';
import { START } from '../../infra/eventstore/port.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow } from '../support/test-app.js';

describe('no double booking, on real PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ poolMax: 20 });
  });
  afterAll(async () => t?.close());

  it('50 parallel by-size reservations for 3 free P lockers: exactly 3 succeed, 47 get a 409', async () => {
    // Lockers that cost nothing: one renter races here, and a priced booking would make them an
    // unpaid hold, of which a renter holds one at a time (ADR 0016); here only lockers refuse.
    const free = { priceCents: 0 };
    await registerHub(t.store, 'CC-01', [
      { size: 'P', ...free },
      { size: 'P', ...free },
      { size: 'P', ...free },
      { size: 'M', ...free },
      { size: 'P', status: 'Inativo', ...free },
    ]);
    const renter = await signUp(t, 'Concorrente');
    const window = windowFromNow(2);

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: renter.headers, payload: { hub_id: 'CC-01', size: 'P', ...window } }),
      ),
    );

    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.json()).toEqual({ error: { code: 'no_locker_available', message: 'Não há lockers disponíveis do tamanho P' } });
    }
    expect(new Set(ok.map((r) => r.json().locker_id)).size).toBe(3);

    // The log itself holds no overlapping pair for any locker.
    const all = await t.store.readAll({ after: START, limit: 10_000 });
    const booked = new Map<string, Map<string, { startMs: number; endMs: number }>>();
    const released = new Set<string>();
    for (const e of all as unknown as (ScheduleEvent & { streamId: string })[]) {
      if (e.type === 'LockerBookingReleased') released.add(e.data.reservationId);
      if (e.type !== 'LockerBooked') continue;
      const perLocker = booked.get(e.data.lockerId) ?? new Map();
      perLocker.set(e.data.reservationId, { startMs: Date.parse(e.data.startTime), endMs: Date.parse(e.data.endTime) });
      booked.set(e.data.lockerId, perLocker);
    }
    let bookings = 0;
    for (const perLocker of booked.values()) {
      const windows = [...perLocker.entries()].filter(([id]) => !released.has(id)).map(([, w]) => w);
      bookings += windows.length;
      for (let i = 0; i < windows.length; i++) {
        for (let j = i + 1; j < windows.length; j++) expect(overlaps(windows[i]!, windows[j]!)).toBe(false);
      }
    }
    expect(bookings).toBe(3);
  });

  it('a later window on the same lockers is still free, and an overlapping one is refused', async () => {
    const renter = await signUp(t, 'Outro');
    const later = windowFromNow(1, 5);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CC-01', size: 'P', ...later },
    });
    expect(res.statusCode).toBe(201);
    const overlapping = windowFromNow(1, 2);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CC-01', size: 'P', ...overlapping },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('no_locker_available');
  });
});
