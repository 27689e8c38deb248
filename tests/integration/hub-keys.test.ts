// Hub secret keys (issue 24 item 3), against real PostgreSQL: new Hubs get a random 10-character
// key, a shorter one is refused in pt-BR, an exposed demo gets new keys, and a key change takes
// effect at the next signed call, in every API process, however far the Hub read model lags.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { validateRoute } from '../../api/controller/validate-route.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { demoHubs, publishedSecretKeys } from '../../api/seed/demo-data.js';
import { madeHubKeyLines, seedDemoData } from '../../api/seed/seed.js';
import { loadState } from '../../commands/command-handler.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createPostgresReplayStore } from '../../infra/replay/replay-store.js';
import { projectors } from '../../projections/all.js';
import { catchUp } from '../../projections/runner.js';
import { apiHubBody } from '../support/api-client.js';
import type { TestApp } from '../support/test-app.js';
import { signUp, startTestApp, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const SHORT = 'Chave secreta deve ter exatamente 10 caracteres alfanuméricos.';
const CODE_SECRET = 'hub-keys-test-code-secret-0123456789abcdef';

describe('issue 24 item 3: Hub keys', () => {
  let t: TestApp;
  let admin: Account;
  let renter: Account;
  const catchUpOnly = async (...names: string[]) => {
    for (const projector of projectors.filter((p) => names.includes(p.name))) await catchUp(t.db, t.store, projector);
  };
  const doorCheck = (app: { inject: TestApp['app']['inject'] }, hubId: string, secret: string, code: string) => {
    const path = `/api/otp/validate/${hubId}`;
    const raw = JSON.stringify({ code, request_id: randomUUID() });
    return app.inject({ method: 'POST', url: path, headers: signedHeaders(secret, path, raw, Date.now()), payload: raw });
  };

  beforeAll(async () => {
    // The read models move only when the test says: the Hub read model can be left behind.
    t = await startTestApp({ projections: false, codeSecret: CODE_SECRET, awaitProjections: async () => false });
    admin = await signUp(t, 'Chefe', 'admin');
    renter = await signUp(t, 'Rita');
  });
  afterAll(async () => t?.close());

  it('a Hub registered without a key gets a random 10-character one; a shorter key is refused, on create and on change', async () => {
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/hubs', headers: admin.headers, payload: body });
    const first = await post(apiHubBody('HK-01', { secret_key: undefined }));
    const second = await post(apiHubBody('HK-02', { secret_key: '' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(first.json().secret_key).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(second.json().secret_key).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(second.json().secret_key).not.toBe(first.json().secret_key);

    const short = await post(apiHubBody('HK-03', { secret_key: 'SP01KEY' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: { code: 'invalid_secret_key', message: SHORT } });
    const oneChar = await t.app.inject({ method: 'PUT', url: '/api/hubs/HK-01', headers: admin.headers, payload: { secret_key: 'X' } });
    expect(oneChar.statusCode).toBe(400);
    expect(oneChar.json()).toEqual({ error: { code: 'invalid_secret_key', message: SHORT } });
  });

  it('a key change takes effect at once: the next signed call with the new key is 200, with the old one 401, in this API process and another, with the Hub read model behind', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hubs',
      headers: admin.headers,
      payload: apiHubBody('HK-05', { secret_key: 'OLDKEY1234', lockers: [{ size: 'P' }] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'HK-05', size: 'P', ...windowStartingNow(1) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } }))
        .statusCode,
    ).toBe(200);
    await catchUpOnly(...projectors.map((p) => p.name));
    const code = booked.json().access_code as string;

    // Another API process on the same database, which has already served this Hub's controller.
    const otherStore = createPostgresEventStore(t.db);
    const other = Fastify();
    installErrorHandler(other);
    await other.register(validateRoute, {
      db: t.db,
      store: otherStore,
      codeSecret: CODE_SECRET,
      clock: () => new Date(),
      replay: createPostgresReplayStore(t.db),
    });
    try {
      expect((await doorCheck(other, 'HK-05', 'OLDKEY1234', '000000')).statusCode).toBe(403);

      const changed = await t.app.inject({ method: 'PUT', url: '/api/hubs/HK-05', headers: admin.headers, payload: { secret_key: 'NEWKEY5678' } });
      expect(changed.statusCode, changed.body).toBe(200);
      // The Hub read model stays behind (its projector lagging or stopped); the rest catch up.
      await catchUpOnly('reservations');
      expect((await t.db.query('SELECT secret_key FROM rm_hubs WHERE id = $1', ['HK-05'])).rows[0].secret_key).toBe('OLDKEY1234');

      const opened = await doorCheck(t.app, 'HK-05', 'NEWKEY5678', code);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toMatchObject({ reservationId: booked.json().id, lockerOrder: 1 });
      const old = await doorCheck(t.app, 'HK-05', 'OLDKEY1234', code);
      expect(old.statusCode, old.body).toBe(401);
      expect(old.json().error.code).toBe('bad_signature');
      expect((await doorCheck(other, 'HK-05', 'NEWKEY5678', '000000')).statusCode).toBe(403); // signed right, wrong code
      expect((await doorCheck(other, 'HK-05', 'OLDKEY1234', '000000')).statusCode).toBe(401);
      // The terminal signs with the key the door check expects.
      const pressed = await t.app.inject({ method: 'POST', url: '/api/terminal/HK-05/press', headers: admin.headers, payload: { code } });
      expect(pressed.statusCode, pressed.body).toBe(200);
    } finally {
      await other.close();
      await otherStore.close();
    }
  });

  it("an exposed demo gets new random Hub keys (shown once, stored as the Hubs' own events); a loopback demo keeps the published ones", async () => {
    const loopback = await seedDemoData(t.db, t.store, { madePasswords: false });
    expect(loopback.madeHubKeys).toEqual([]);
    const keyOf = async (hubId: string) => {
      const { state } = await loadState(t.store, hubStreamId(hubId), hubDecider);
      return state.status === 'registered' ? state.secretKey : null;
    };
    for (const hub of demoHubs) expect(await keyOf(hub.id)).toBe(hub.secretKey);
    expect(demoHubs.every((hub) => hub.secretKey.length === 10)).toBe(true);

    const exposed = await seedDemoData(t.db, t.store, { madePasswords: true });
    expect(exposed.madeHubKeys.map((k) => k.hubId)).toEqual(demoHubs.map((h) => h.id));
    for (const { hubId, secretKey } of exposed.madeHubKeys) {
      expect(secretKey).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(publishedSecretKeys(demoHubs.find((h) => h.id === hubId)!)).not.toContain(secretKey);
      expect(await keyOf(hubId)).toBe(secretKey);
    }
    const lines = madeHubKeyLines(exposed.madeHubKeys, '[hub]');
    expect(lines[0]).toMatch(/^\[hub\] reachable from the network: demo Hubs have new secret keys/);
    expect(lines).toContain(`[hub]   SP-01  ${exposed.madeHubKeys[0]!.secretKey}`);
    const changes = (await t.store.readStream(hubStreamId('SP-01'))).filter((e) => e.type === 'HubDetailsChanged');
    expect(changes).toHaveLength(1);

    // Shown once: the next exposed start keeps the made keys and prints none.
    expect((await seedDemoData(t.db, t.store, { madePasswords: true })).madeHubKeys).toEqual([]);
    expect(await keyOf('SP-01')).toBe(exposed.madeHubKeys[0]!.secretKey);
  });
});
