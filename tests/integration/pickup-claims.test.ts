// Ten logistics users claim the same item at once: the claim is decided against the reservation
// stream's expected version, so exactly one wins and the nine others get 409 naming the winner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowStartingNow } from '../support/test-app.js';
import { assignStaff } from '../support/staff.js';

describe('concurrent pickup claims', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'PC-01', [{ size: 'P' }]);
  });
  afterAll(async () => t?.close());

  it('exactly one of ten simultaneous claims wins; nine get 409 naming the winner', async () => {
    const renter = await signUp(t, 'Rita');
    const staff = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(t, `Logistico ${i + 1}`, 'logistics')));
    for (const s of staff) await assignStaff(t, s.id, ['PC-01']);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'PC-01', size: 'P', ...windowStartingNow(1) },
    });
    const id = booked.json().id as string;
    await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/leave-for-pickup`, headers: renter.headers })).statusCode).toBe(200);

    const answers = await Promise.all(staff.map((s) => t.app.inject({ method: 'POST', url: `/api/logistics/collections/${id}/claim`, headers: s.headers })));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    const winner = staff[answers.indexOf(won[0]!)]!;
    const winnerName = `Logistico ${staff.indexOf(winner) + 1}`;
    expect(won[0]!.json()).toMatchObject({ reservation_id: id, claimed_by: winner.id });
    for (const a of lost) expect(a.json()).toEqual({ error: { code: 'already_claimed', message: `Esta coleta já foi assumida por ${winnerName}.` } });
    // One claim in the log, whatever the race.
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'PickupClaimed'", [
      `reservation-${id}`,
    ]);
    expect(rows[0]!.n).toBe(1);
  });
});
