// The door check under load (issue 24 item 2), against real PostgreSQL: concurrent signed attempts
// at one Hub never get a 5xx (they used to race each other's appends to the Hub's door stream
// until their retries ran out: 500), and an attempt reads only what is new on that stream, not the
// whole day's attempts again.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { createDoorCache } from '../../commands/door-cache.js';
import { openDoor } from '../../commands/open-door.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, startTestApp } from '../support/test-app.js';

const SECRET = 'SECRET1234'; // registerHub's secret key

/** The store as one process sees it, counting the door-stream events its reads return. */
function countingDoorReads(store: EventStore) {
  const counter = { doorEvents: 0 };
  const counted = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'readStream') {
        return async (streamId: string, fromVersion?: number) => {
          const events = await target.readStream(streamId, fromVersion);
          if (streamId.startsWith('hub-doors-')) counter.doorEvents += events.length;
          return events;
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: counted, counter };
}

describe('issue 24 item 2: the door check under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    for (const hubId of ['DL-01', 'DL-02', 'DL-03']) await registerHub(t.store, hubId, [{ size: 'P' }]);
  });
  afterAll(async () => t?.close());

  const ctx = (hubId: string) => ({
    actor: { id: `controller:${hubId}`, role: 'controller' },
    correlationId: randomUUID(),
    causationId: null,
    now: new Date(),
  });
  const wrongCode = () => String(randomInt(100_000, 1_000_000));

  it('4 concurrent signed attempts × 300 at one Hub: 0 × 5xx, each a 403 or a 429', async () => {
    const path = '/api/otp/validate/DL-01';
    const statuses = new Map<number, number>();
    let sent = 0;
    const controller = async () => {
      while (sent < 1200) {
        sent++;
        const raw = JSON.stringify({ code: wrongCode(), request_id: randomUUID() });
        const res = await t.app.inject({ method: 'POST', url: path, headers: signedHeaders(SECRET, path, raw, Date.now()), payload: raw });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
    };
    await Promise.all([controller(), controller(), controller(), controller()]);
    const seen = Object.fromEntries(statuses);
    expect(
      Object.keys(seen).filter((status) => Number(status) >= 500),
      JSON.stringify(seen),
    ).toEqual([]);
    expect((statuses.get(403) ?? 0) + (statuses.get(429) ?? 0), JSON.stringify(seen)).toBe(1200);
    // Every attempt was recorded once on the door stream.
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'hub-doors-DL-01-%'");
    expect(rows[0]!.n).toBe(1200);
  }, 120_000);

  it('two processes × 2 concurrent attempts × 150 at one Hub: none gives up', async () => {
    const processes = [createDoorCache(), createDoorCache()];
    const failures: unknown[] = [];
    let sent = 0;
    const controller = async (doorCache: ReturnType<typeof createDoorCache>) => {
      while (sent < 600) {
        sent++;
        await openDoor(
          { db: t.db, store: t.store, codeSecret: 'load', doorCache },
          { hubId: 'DL-02', requestId: randomUUID(), code: wrongCode(), lockerOrders: new Map() },
          ctx('DL-02'),
        ).catch((error: unknown) => failures.push(error));
      }
    };
    await Promise.all(processes.flatMap((cache) => [controller(cache), controller(cache)]));
    expect(failures.map(String)).toEqual([]);
  }, 120_000);

  it("an attempt reads a bounded number of door events, whatever the day's count", async () => {
    const mine = countingDoorReads(t.store);
    const other = countingDoorReads(t.store); // another API process at the same Hub
    const attempt = (process: ReturnType<typeof countingDoorReads>) =>
      openDoor(
        { db: t.db, store: process.store, codeSecret: 'load' },
        { hubId: 'DL-03', requestId: randomUUID(), code: wrongCode(), lockerOrders: new Map() },
        ctx('DL-03'),
      );
    const readPerAttempt: number[] = [];
    for (let i = 0; i < 400; i++) {
      if (i % 10 === 5) await attempt(other);
      const before = mine.counter.doorEvents;
      await attempt(mine);
      readPerAttempt.push(mine.counter.doorEvents - before);
    }
    // The first attempt reads the (empty) stream; later ones only what the other process added.
    const late = readPerAttempt.slice(-100);
    expect(Math.max(...late), JSON.stringify(late)).toBeLessThanOrEqual(1);
    expect(late.reduce((a, b) => a + b, 0)).toBe(10);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'hub-doors-DL-03-%'");
    expect(rows[0]!.n).toBe(440);
  }, 120_000);
});
