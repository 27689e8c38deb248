import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, windowStartingNow } from '../support/test-app.js';
import { socketListeners, tokenOf, until } from '../support/socket-listener.js';
import { startWebTestApp } from '../support/web-test-app.js';

// The 'logistics' room (docs/logistics-api.md, "Realtime"): logistics and admin sockets hear
// collections:changed {hubIds} after a batch with a pickup event; a renter's socket does not.

let t: TestApp;
let baseUrl: string;
const listeners = socketListeners(() => baseUrl);
const connect = listeners.connect;

beforeAll(async () => {
  t = await startWebTestApp({ webDist: null, realtime: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  listeners.closeAll();
  await t?.close();
});

describe("Socket.IO room 'logistics'", () => {
  it('logistics and admin sockets hear collections:changed for the Hub when an item is left; a renter does not', async () => {
    await registerHub(t.store, 'RL-01', [{ size: 'P' }]);
    const renterAccount = await signUp(t, 'Rita');
    const staff = await connect(tokenOf(await signUp(t, 'Lu', 'logistics')));
    const admin = await connect(tokenOf(await signUp(t, 'Chefe', 'admin')));
    const renter = await connect(tokenOf(renterAccount));
    await new Promise((r) => setTimeout(r, 300));

    const booked = await t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: renterAccount.headers, payload: { hub_id: 'RL-01', size: 'P', ...windowStartingNow(1) } });
    const id = booked.json().id as string;
    await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renterAccount.headers, payload: { method: 'pix' } });
    // No pickup event yet: nobody in the room has heard anything of it.
    await new Promise((r) => setTimeout(r, 500));
    expect(staff.heard.filter((h) => h.event === 'collections:changed')).toEqual([]);

    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/leave-for-pickup`, headers: renterAccount.headers })).statusCode).toBe(200);
    const heardIt = (s: { heard: { event: string; data: unknown }[] }) => s.heard.some((h) => h.event === 'collections:changed');
    await until(() => heardIt(staff) && heardIt(admin), 3_000);
    expect(staff.heard.find((h) => h.event === 'collections:changed')!.data).toEqual({ hubIds: ['RL-01'] });
    expect(renter.heard.some((h) => h.event === 'reservation:changed')).toBe(true);
    expect(heardIt(renter)).toBe(false);
  });
});
