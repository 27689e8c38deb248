import { describe, expect, it } from 'vitest';
import { registerHub, signUp, windowStartingNow } from '../support/test-app.js';
import { useRealtimeApp } from '../support/realtime-app.js';
import { tokenOf, until } from '../support/socket-listener.js';

// The 'logistics' room (docs/logistics-api.md, "Realtime"): logistics and admin sockets hear
// collections:changed {hubIds} after a batch with a pickup event; a renter's socket does not.

const realtime = useRealtimeApp();
const connect = realtime.connect;

describe("Socket.IO room 'logistics'", () => {
  it('logistics and admin sockets hear collections:changed for the Hub when an item is left; a renter does not', async () => {
    await registerHub(realtime.t.store, 'RL-01', [{ size: 'P' }]);
    const renterAccount = await signUp(realtime.t, 'Rita');
    const staff = await connect(tokenOf(await signUp(realtime.t, 'Lu', 'logistics')));
    const admin = await connect(tokenOf(await signUp(realtime.t, 'Chefe', 'admin')));
    const renter = await connect(tokenOf(renterAccount));
    await new Promise((r) => setTimeout(r, 300));

    const booked = await realtime.t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renterAccount.headers,
      payload: { hub_id: 'RL-01', size: 'P', ...windowStartingNow(1) },
    });
    const id = booked.json().id as string;
    await realtime.t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renterAccount.headers, payload: { method: 'pix' } });
    // No pickup event yet: nobody in the room has heard anything of it.
    await new Promise((r) => setTimeout(r, 500));
    expect(staff.heard.filter((h) => h.event === 'collections:changed')).toEqual([]);

    expect((await realtime.t.app.inject({ method: 'POST', url: `/api/reservations/${id}/leave-for-pickup`, headers: renterAccount.headers })).statusCode).toBe(
      200,
    );
    const heardIt = (s: { heard: { event: string; data: unknown }[] }) => s.heard.some((h) => h.event === 'collections:changed');
    await until(() => heardIt(staff) && heardIt(admin), 3_000);
    expect(staff.heard.find((h) => h.event === 'collections:changed')!.data).toEqual({ hubIds: ['RL-01'] });
    expect(renter.heard.some((h) => h.event === 'reservation:changed')).toBe(true);
    expect(heardIt(renter)).toBe(false);
  });
});
