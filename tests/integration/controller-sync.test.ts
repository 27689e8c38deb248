// The controller's sync calls (issue 29, ADR 0025): the signed manifest (its answer's signature
// verifies with the Hub's key and a tampered copy is refused; its keys derive the codes Hub
// issues), the events batch (each event recorded once however often it is sent), and who may
// call them (unsigned, badly signed, another key → 401; unknown Hub → 404), on real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerSignature } from '../../api/controller/controller-signature.js';
import { manifestSignatureValid, verifiedManifest } from '../../controller/hub-client.js';
import type { ManifestEntryView, ManifestView } from '../../contract/controller/controller-sync.js';
import { decodeCodeKey, deriveCode } from '../../domain/doors/code-derivation.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';

const SECRET = 'SECRET1234'; // registerHub's key

describe('controller manifest and events', () => {
  let t: TestApp;
  let reservationId: string;
  let bookedCode: string;

  // Each call signed at its own second inside the 60 s window: the same bytes at the same second
  // are one signature, which the replay memory refuses the second time. Seconds are handed out from
  // 50 s back; a caller that has used them all up to 50 s ahead waits for the clock to catch up
  // (a slow read model on a busy box polls many times), so no call is ever signed outside the window.
  let second = Math.floor(Date.now() / 1000) - 50;
  const nextSecond = async () => {
    second = Math.max(second + 1, Math.floor(Date.now() / 1000) - 50);
    await waitUntil(async () => second <= Math.floor(Date.now() / 1000) + 50, 60_000, 100);
    return String(second);
  };
  const signed = async (method: 'GET' | 'POST', path: string, body = '', key = SECRET) => {
    const ts = await nextSecond();
    return {
      'x-hub-timestamp': ts,
      'x-hub-signature': `sha256=${controllerSignature(key, method, path, ts, body)}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    };
  };
  const manifest = async (hubId = 'CS-01', key = SECRET) => {
    const url = `/api/controller/${hubId}/manifest`;
    return t.app.inject({ method: 'GET', url, headers: await signed('GET', url, '', key) });
  };
  const events = async (list: unknown[], hubId = 'CS-01') => {
    const url = `/api/controller/${hubId}/events`;
    const body = JSON.stringify({ events: list });
    return t.app.inject({ method: 'POST', url, headers: await signed('POST', url, body), payload: body });
  };

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'CS-01', [{ size: 'P' }, { size: 'P' }]);
    const renter = await signUp(t, 'Ana');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CS-01', size: 'P', ...windowStartingNow(2) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    reservationId = booked.json().id;
    bookedCode = booked.json().access_code;
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${reservationId}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('answers a manifest signed by the Hub key whose entry derives the renter’s code; a tampered copy is refused', async () => {
    // The read model may take a moment to show the payment.
    let res = await manifest();
    await waitUntil(
      async () => {
        if (res.statusCode === 200 && res.json().entries.length === 0) res = await manifest();
        return res.statusCode !== 200 || res.json().entries.length > 0;
      },
      30_000,
      100,
    );
    expect(res.statusCode, res.body).toBe(200);
    const signature = res.headers['x-hub-manifest-signature'] as string;
    expect(manifestSignatureValid(SECRET, res.body, signature)).toBe(true);
    const target = { baseUrl: 'http://unused', hubId: 'CS-01', secret: SECRET };
    const body = verifiedManifest(target, res.body, signature)!;
    expect(body.hub_id).toBe('CS-01');
    expect(Date.parse(body.valid_until) - Date.parse(body.issued_at)).toBe(24 * 3_600_000);
    const entry = body.entries.find((e) => e.reservation_id === reservationId)!;
    expect(entry).toMatchObject({ kind: 'access', locker_order: 1, locker_interface: 'LK-31:01', next_index: 1 });
    expect(deriveCode(decodeCodeKey(entry.code_key)!, 'access', entry.next_index - 1)).toBe(bookedCode);

    const tampered = res.body.replace('"locker_order":1', '"locker_order":2');
    expect(tampered).not.toBe(res.body);
    expect(verifiedManifest(target, tampered, signature)).toBeNull();
    expect(verifiedManifest({ ...target, secret: 'OTHERKEY99' }, res.body, signature)).toBeNull();
    expect(verifiedManifest({ ...target, hubId: 'CS-02' }, res.body, signature)).toBeNull();
  });

  it('lists goods awaiting pickup with the key that derives the pickup code staff were given', async () => {
    const renter = await signUp(t, 'Rita');
    const admin = await signUp(t, 'Chefe', 'admin');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CS-01', size: 'P', ...windowStartingNow(1) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/leave-for-pickup`, headers: renter.headers })).statusCode).toBe(200);
    const otp = await t.app.inject({ method: 'POST', url: '/api/otp/generate/CS-01', headers: admin.headers, payload: { reservation_id: id } });
    expect(otp.statusCode, otp.body).toBe(201);
    let entry: ManifestEntryView | undefined;
    await waitUntil(
      async () => {
        const res = await manifest();
        expect(res.statusCode, res.body).toBe(200);
        entry = res.json<ManifestView>().entries.find((e) => e.reservation_id === id && e.kind === 'pickup');
        return entry !== undefined;
      },
      30_000,
      100,
    );
    expect(entry).toMatchObject({ kind: 'pickup', locker_order: 2, next_index: 1 });
    expect(deriveCode(decodeCodeKey(entry!.code_key)!, 'pickup', 0)).toBe(otp.json().otp);
  });

  it('refuses unsigned, badly signed, replayed and other-key calls (401) and unknown Hubs (404)', async () => {
    const url = '/api/controller/CS-01/manifest';
    const unsigned = await t.app.inject({ method: 'GET', url });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('missing_timestamp');
    const bad = await t.app.inject({ method: 'GET', url, headers: { ...(await signed('GET', url)), 'x-hub-signature': `sha256=${'0'.repeat(64)}` } });
    expect(bad.json().error.code).toBe('bad_signature');
    expect((await manifest('CS-01', 'OTHERKEY99')).statusCode).toBe(401);
    const headers = await signed('GET', url);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url, headers });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('replayed');
    expect((await manifest('ZZ-99')).statusCode).toBe(404);

    const eventsUrl = '/api/controller/CS-01/events';
    const body = JSON.stringify({ events: [{ id: randomUUID(), at: new Date().toISOString(), type: 'heartbeat' }] });
    const unsignedPost = await t.app.inject({ method: 'POST', url: eventsUrl, headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsignedPost.statusCode).toBe(401);
    const otherKey = await t.app.inject({ method: 'POST', url: eventsUrl, headers: await signed('POST', eventsUrl, body, 'OTHERKEY99'), payload: body });
    expect(otherKey.statusCode).toBe(401);
    expect((await events([{ id: randomUUID(), at: new Date().toISOString(), type: 'heartbeat' }], 'ZZ-99')).statusCode).toBe(404);
    expect((await events([{ id: 'not-a-uuid', at: 'yesterday', type: 'heartbeat' }])).statusCode).toBe(400);
  });

  it('records each event of a batch once, however often the batch (or part of it) is sent', async () => {
    const at = new Date().toISOString();
    const batch = [
      { id: randomUUID(), at, type: 'heartbeat', manifest_issued_at: at },
      { id: randomUUID(), at, type: 'door_state', locker_order: 1, state: 'jammed', request_id: null, offline: true },
      {
        id: randomUUID(),
        at,
        type: 'offline_attempt',
        request_id: randomUUID(),
        outcome: 'refused',
        reservation_id: null,
        kind: null,
        locker_order: 2,
        code_index: null,
      },
      {
        id: randomUUID(),
        at,
        type: 'offline_attempt',
        request_id: randomUUID(),
        outcome: 'opened',
        reservation_id: reservationId,
        kind: 'access',
        locker_order: 1,
        code_index: 0,
      },
    ];
    const first = await events(batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: 4, duplicates: 0 });
    expect((await events(batch)).json()).toEqual({ accepted: 0, duplicates: 4 });
    const more = { id: randomUUID(), at: new Date().toISOString(), type: 'door_state', locker_order: 1, state: 'closed' };
    expect((await events([batch[1], more])).json()).toEqual({ accepted: 1, duplicates: 1 });

    const stored = await t.db.query<{ type: string; stream_id: string; data: Record<string, unknown> }>(
      `SELECT type, stream_id, data FROM events WHERE type IN ('DoorStateReported', 'DoorCodeRefused', 'DoorOpened') AND data->>'hubId' = 'CS-01' ORDER BY seq`,
    );
    expect(stored.rows.map((r) => [r.type, r.stream_id.replace(/\d{4}-\d{2}-\d{2}$/, 'DAY')])).toEqual([
      ['DoorStateReported', 'door-states-CS-01'],
      ['DoorCodeRefused', 'hub-doors-CS-01-DAY'],
      ['DoorOpened', 'hub-doors-CS-01-DAY'],
      ['DoorOpened', `reservation-${reservationId}`],
      ['DoorStateReported', 'door-states-CS-01'],
    ]);
    expect(stored.rows[0]!.data).toMatchObject({ state: 'jammed', source: 'controller', offline: true, reservationId, lockerOrder: 1 });
    expect(stored.rows[3]!.data).toMatchObject({ offline: true, codeIndex: 0, reservationId });
    const beat = await t.db.query('SELECT last_seen_at FROM controller_heartbeats WHERE hub_id = $1', ['CS-01']);
    expect(beat.rows[0].last_seen_at.toISOString()).toBe(at);
  });
});
