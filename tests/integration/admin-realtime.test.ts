import { describe, expect, it } from 'vitest';
import { registerHub, signUp } from '../support/test-app.js';
import { useRealtimeApp } from '../support/realtime-app.js';
import { tokenOf, until } from '../support/socket-listener.js';

// The admins' live room (docs/admin-api.md, "Realtime"): a socket whose handshake token is an
// admin's joins 'admins' and hears 'admin:changed' after every batch the read models include, so
// an open dashboard refreshes within 2 s of another admin's change. Renters and visitors never do.

const realtime = useRealtimeApp();
const connect = realtime.connect;

describe("Socket.IO room 'admins'", () => {
  it("an admin's socket hears admin:changed within 2 s of a Hub change; a renter's and a visitor's do not", async () => {
    const admin = await connect(tokenOf(await signUp(realtime.t, 'Chefe', 'admin')));
    const renter = await connect(tokenOf(await signUp(realtime.t, 'Ana')));
    const logistics = await connect(tokenOf(await signUp(realtime.t, 'Lu', 'logistics')));
    const visitor = await connect();
    // The server joins rooms once it has checked the token: give it a moment.
    await new Promise((r) => setTimeout(r, 300));

    const changedAt = Date.now();
    await registerHub(realtime.t.store, 'RT-01', [{ size: 'P' }]);
    await until(() => admin.heard.some((h) => h.event === 'admin:changed' && (h.data as { hubIds: string[] }).hubIds.includes('RT-01')), 2_000);
    const pushed = admin.heard.find((h) => h.event === 'admin:changed')!;
    expect(pushed.data).toEqual({ hubIds: ['RT-01'] });
    expect(pushed.at - changedAt).toBeLessThan(2_000);

    // The others hear the public push of the same batch, and nothing meant for admins.
    for (const other of [renter, logistics, visitor]) await until(() => other.heard.some((h) => h.event === 'hub:changed'), 2_000);
    await new Promise((r) => setTimeout(r, 300));
    for (const other of [renter, logistics, visitor]) expect(other.heard.map((h) => h.event)).not.toContain('admin:changed');
    expect(admin.heard.map((h) => h.event)).toContain('hub:changed');
  });

  it('a socket with a forged token stays out of the room', async () => {
    const admin = await connect(tokenOf(await signUp(realtime.t, 'Chefa', 'admin')));
    const forged = await connect(`${tokenOf(await signUp(realtime.t, 'Eva', 'admin')).slice(0, -4)}AAAA`);
    await new Promise((r) => setTimeout(r, 300));
    await registerHub(realtime.t.store, 'RT-02', [{ size: 'M' }]);
    await until(() => admin.heard.some((h) => h.event === 'admin:changed'), 2_000);
    await until(() => forged.heard.some((h) => h.event === 'hub:changed'), 2_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(forged.heard.map((h) => h.event)).not.toContain('admin:changed');
  });

  it("issue 24 item 7: a demoted admin's open socket leaves the room at once", async () => {
    const boss = await signUp(realtime.t, 'Chefia', 'admin');
    const demoted = await signUp(realtime.t, 'Rebaixado', 'admin');
    const bossSocket = await connect(tokenOf(boss));
    const demotedSocket = await connect(tokenOf(demoted));
    const heardAdmin = (socket: typeof bossSocket, hubId: string) =>
      socket.heard.some((h) => h.event === 'admin:changed' && (h.data as { hubIds: string[] }).hubIds.includes(hubId));
    // In the room first: both hear a change.
    await registerHub(realtime.t.store, 'RT-03', [{ size: 'P' }]);
    await until(() => heardAdmin(bossSocket, 'RT-03') && heardAdmin(demotedSocket, 'RT-03'), 5_000);

    const changed = await realtime.t.app.inject({ method: 'PUT', url: `/api/users/${demoted.id}`, headers: boss.headers, payload: { role: 'user' } });
    expect(changed.statusCode, changed.body).toBe(200);
    // The next change: the boss hears it as an admin, the demoted socket only as the public.
    await registerHub(realtime.t.store, 'RT-04', [{ size: 'P' }]);
    await until(() => heardAdmin(bossSocket, 'RT-04'), 5_000);
    await until(() => demotedSocket.heard.some((h) => h.event === 'hub:changed' && (h.data as { hubId: string }).hubId === 'RT-04'), 5_000);
    expect(heardAdmin(demotedSocket, 'RT-04')).toBe(false);
    expect(demotedSocket.socket.connected).toBe(true);
  });
});
