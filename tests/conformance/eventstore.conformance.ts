// The behaviour every EventStore adapter must show. Each test gets a fresh, empty store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START, WrongExpectedVersionError, comparePositions } from '../../infra/eventstore/port.js';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port.js';
import { newEvent, readAllSettled, waitFor } from '../support/events.js';

const ids = (events: { id: string }[]): string[] => events.map((event) => event.id);

export function eventStoreConformance(name: string, setup: () => Promise<{ store: EventStore; teardown(): Promise<void> }>): void {
  describe(`EventStore conformance: ${name}`, () => {
    let store: EventStore;
    let teardown: () => Promise<void>;

    beforeEach(async () => {
      ({ store, teardown } = await setup());
    });
    afterEach(async () => {
      await teardown();
    });

    it("appends to a new stream with 'no_stream' and reads every field back", async () => {
      const events = [newEvent('A', { a: 1, nested: { b: [1, 'x'] } }), newEvent('B', null)];
      const result = await store.append('s-1', events, 'no_stream');
      expect(result.streamId).toBe('s-1');
      expect(result.nextVersion).toBe(2);
      const stored = await store.readStream('s-1');
      expect(stored.map((e) => [e.id, e.type, e.data, e.metadata, e.streamId, e.streamVersion])).toEqual(
        events.map((e, i) => [e.id, e.type, e.data, e.metadata, 's-1', i + 1]),
      );
      expect(stored[1]?.position).toEqual(result.position);
      expect(comparePositions(stored[0]!.position, stored[1]!.position)).toBe(-1);
      expect(new Date(stored[0]!.recordedAt).toISOString()).toBe(stored[0]!.recordedAt);
    });

    it("appends with 'any' to new and existing streams", async () => {
      expect((await store.append('s-any', [newEvent()], 'any')).nextVersion).toBe(1);
      expect((await store.append('s-any', [newEvent(), newEvent()], 'any')).nextVersion).toBe(3);
      expect((await store.readStream('s-any')).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it('appends with an exact expected version (0 is the same as no_stream)', async () => {
      await store.append('s-exact', [newEvent()], 0);
      const result = await store.append('s-exact', [newEvent()], 1);
      expect(result.nextVersion).toBe(2);
      expect(await store.readStream('s-exact')).toHaveLength(2);
    });

    it('rejects a wrong expected version with streamId/expected/actual and writes nothing', async () => {
      await store.append('s-conflict', [newEvent(), newEvent()], 'no_stream');
      const cases: [string, number | 'no_stream', number][] = [
        ['s-conflict', 5, 2],
        ['s-conflict', 'no_stream', 2],
        ['s-conflict', 1, 2],
        ['s-missing', 3, 0],
      ];
      for (const [streamId, expected, actual] of cases) {
        const error: unknown = await store.append(streamId, [newEvent()], expected).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect(error).toMatchObject({ streamId, expected, actual });
      }
      expect(await store.readStream('s-conflict')).toHaveLength(2);
      expect(await store.readStream('s-missing')).toEqual([]);
      expect(await readAllSettled(store, START, 2)).toHaveLength(2);
    });

    it('appendMany writes several streams atomically and returns results in input order', async () => {
      await store.append('m-b', [newEvent()], 'no_stream');
      const results = await store.appendMany([
        { streamId: 'm-c', events: [newEvent(), newEvent()], expectedVersion: 'no_stream' },
        { streamId: 'm-b', events: [newEvent()], expectedVersion: 1 },
      ]);
      expect(results.map((r) => [r.streamId, r.nextVersion])).toEqual([
        ['m-c', 2],
        ['m-b', 2],
      ]);
      const [c, b] = [await store.readStream('m-c'), await store.readStream('m-b')];
      expect(results[0]?.position).toEqual(c[1]?.position);
      expect(results[1]?.position).toEqual(b[1]?.position);
    });

    it('appendMany is all or nothing when one stream has the wrong version', async () => {
      await store.append('m-old', [newEvent()], 'no_stream');
      const error: unknown = await store
        .appendMany([
          { streamId: 'm-new', events: [newEvent()], expectedVersion: 'no_stream' },
          { streamId: 'm-old', events: [newEvent()], expectedVersion: 0 },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'm-old', expected: 0, actual: 1 });
      expect(await store.readStream('m-new')).toEqual([]);
      expect(await store.readStream('m-old')).toHaveLength(1);
      // The failed stream can still be created afterwards: nothing half-done was left behind.
      expect((await store.append('m-new', [newEvent()], 'no_stream')).nextVersion).toBe(1);
    });

    it('a retried append with the same event ids succeeds and writes nothing twice', async () => {
      const events = [newEvent(), newEvent()];
      const first = await store.append('s-retry', events, 'no_stream');
      await store.append('s-retry', [newEvent()], 2);
      expect(await store.append('s-retry', events, 'no_stream')).toEqual(first);
      expect(await store.append('s-retry', events, 'any')).toEqual(first);
      const retried = await store.appendMany([{ streamId: 's-retry', events, expectedVersion: 0 }]);
      expect(retried).toEqual([first]);
      expect((await store.readStream('s-retry')).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(await readAllSettled(store, START, 3)).toHaveLength(3);
    });

    it('rejects an event id already used by another stream, writing nothing', async () => {
      const event = newEvent();
      await store.append('s-owner', [event], 'no_stream');
      await expect(store.append('s-other', [newEvent(), event], 'no_stream')).rejects.toThrow();
      expect(await store.readStream('s-other')).toEqual([]);
    });

    it('reads a stream forward, from a version, and an unknown stream as empty', async () => {
      const events = [1, 2, 3, 4, 5].map((n) => newEvent('N', { n }));
      await store.append('s-read', events, 'no_stream');
      expect(ids(await store.readStream('s-read'))).toEqual(ids(events));
      const tail = await store.readStream('s-read', 3);
      expect(tail.map((e) => e.streamVersion)).toEqual([3, 4, 5]);
      expect(tail.map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
      expect(await store.readStream('s-read', 6)).toEqual([]);
      expect(await store.readStream('nope')).toEqual([]);
    });

    it('answers stream reads made at the same moment each with its own stream and versions', async () => {
      // PostgreSQL sends such reads as one statement (postgres-stream-reads.ts).
      await store.append(
        'm-a',
        [1, 2, 3].map((n) => newEvent('A', { n })),
        'no_stream',
      );
      await store.append(
        'm-b',
        [1, 2].map((n) => newEvent('B', { n })),
        'no_stream',
      );
      const [a, aTail, b, none, bPast, aAgain] = await Promise.all([
        store.readStream('m-a'),
        store.readStream('m-a', 3),
        store.readStream('m-b', 2),
        store.readStream('m-none'),
        store.readStream('m-b', 3),
        store.readStream('m-a', 2),
      ]);
      expect(a.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(aTail.map((e) => [e.streamId, e.streamVersion])).toEqual([['m-a', 3]]);
      expect(b.map((e) => [e.type, e.streamVersion])).toEqual([['B', 2]]);
      expect(none).toEqual([]);
      expect(bPast).toEqual([]);
      expect(aAgain.map((e) => e.streamVersion)).toEqual([2, 3]);
      expect(aAgain[0]).toEqual(a[1]);
    });

    it('answers appends made at the same moment each on its own: a wrong version or a retry does not touch the others', async () => {
      // PostgreSQL commits such appends as one statement when it can (combined-appends.ts).
      const retried = [newEvent('R', { n: 1 })];
      const first = await store.append('c-retry', retried, 'no_stream');
      await store.append('c-moved', [newEvent()], 'no_stream');
      const settled = await Promise.allSettled([
        store.append('c-a', [newEvent('A', { n: 1 }), newEvent('A', { n: 2 })], 'no_stream'),
        store.append('c-moved', [newEvent()], 'no_stream'), // the stream holds one event: refused
        store.appendMany([
          { streamId: 'c-b', events: [newEvent('B')], expectedVersion: 'no_stream' },
          { streamId: 'c-c', events: [newEvent('C')], expectedVersion: 'any' },
        ]),
        store.append('c-retry', retried, 'no_stream'), // already stored: the first result again
        store.append('c-a', [newEvent('A', { n: 3 })], 2), // the same stream as the first: after it
      ]);
      const [a, moved, bc, retry, aNext] = settled;
      expect(a.status === 'fulfilled' && a.value.nextVersion).toBe(2);
      expect(moved.status === 'rejected' && moved.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(bc.status === 'fulfilled' && bc.value.map((r) => [r.streamId, r.nextVersion])).toEqual([
        ['c-b', 1],
        ['c-c', 1],
      ]);
      expect(retry.status === 'fulfilled' && retry.value).toEqual(first);
      expect(aNext.status === 'fulfilled' && aNext.value.nextVersion).toBe(3);
      expect((await store.readStream('c-a')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(await store.readStream('c-moved')).toHaveLength(1);
      expect(await store.readStream('c-retry')).toHaveLength(1);
    });

    it('reads all streams in global order from START, from a position and with a limit', async () => {
      const written = [newEvent(), newEvent(), newEvent(), newEvent()];
      await store.append('g-a', [written[0]!], 'no_stream');
      await store.append('g-b', [written[1]!], 'no_stream');
      await store.appendMany([
        { streamId: 'g-a', events: [written[2]!], expectedVersion: 1 },
        { streamId: 'g-c', events: [written[3]!], expectedVersion: 'no_stream' },
      ]);
      const all = await readAllSettled(store, START, 4);
      expect(ids(all)).toEqual(ids(written));
      expect(all.map((e) => e.streamId)).toEqual(['g-a', 'g-b', 'g-a', 'g-c']);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      expect(ids(await store.readAll({ after: START, limit: 2 }))).toEqual(ids(written.slice(0, 2)));
      expect(ids(await store.readAll({ after: all[1]!.position, limit: 10 }))).toEqual(ids(written.slice(2)));
      expect(ids(await store.readAll({ after: all[1]!.position, limit: 1 }))).toEqual([written[2]!.id]);
      expect(await store.readAll({ after: all[3]!.position, limit: 10 })).toEqual([]);
    });

    it('walks the global order one event at a time across digit boundaries (9 → 10, 99 → 100)', async () => {
      // Positions are numbers: a reader that sorted them as text would put 10 before 9.
      const written = Array.from({ length: 120 }, () => newEvent());
      await store.append('digits', written.slice(0, 60), 'no_stream');
      await store.append('digits', written.slice(60), 60);
      await readAllSettled(store, START, 120);
      const seen: string[] = [];
      let position = START;
      for (;;) {
        const [next, ...rest] = await store.readAll({ after: position, limit: 1 });
        expect(rest).toEqual([]);
        if (!next) break;
        seen.push(next.id);
        position = next.position;
      }
      expect(seen).toEqual(ids(written));
    });

    it('gives gap-free versions to 24 concurrent writers retrying on conflicts', async () => {
      const writers = Array.from({ length: 24 }, () => newEvent());
      const results = await Promise.all(
        writers.map(async (event) => {
          for (let attempt = 0; attempt < 200; attempt++) {
            const version = (await store.readStream('s-race')).length;
            try {
              return await store.append('s-race', [event], version);
            } catch (error) {
              if (!(error instanceof WrongExpectedVersionError)) throw error;
            }
          }
          throw new Error('writer gave up');
        }),
      );
      const stored = await store.readStream('s-race');
      expect(stored.map((e) => e.streamVersion)).toEqual(writers.map((_, i) => i + 1));
      expect(new Set(ids(stored))).toEqual(new Set(ids(writers)));
      expect(results.map((r) => r.nextVersion).sort((a, b) => a - b)).toEqual(writers.map((_, i) => i + 1));
    });

    it("gives gap-free versions to concurrent 'any' appends to one stream, none failing", async () => {
      const written = Array.from({ length: 16 }, () => newEvent());
      const results = await Promise.all(written.map((event) => store.append('s-any-race', [event], 'any')));
      expect(results.map((r) => r.nextVersion).sort((a, b) => a - b)).toEqual(written.map((_, i) => i + 1));
      const stored = await store.readStream('s-any-race');
      expect(stored.map((e) => e.streamVersion)).toEqual(written.map((_, i) => i + 1));
      expect(new Set(ids(stored))).toEqual(new Set(ids(written)));
    });

    it("keeps the caller's order of a multi-stream append in the global order", async () => {
      const [z1, a1, z2] = [newEvent(), newEvent(), newEvent()];
      await store.appendMany([
        { streamId: 'order-z', events: [z1, z2], expectedVersion: 'no_stream' },
        { streamId: 'order-a', events: [a1], expectedVersion: 'no_stream' },
      ]);
      expect(ids(await readAllSettled(store, START, 3))).toEqual([z1.id, z2.id, a1.id]);
    });

    it('a subscriber from a checkpoint gets every later event once, in order, also live ones', async () => {
      const before = [newEvent(), newEvent(), newEvent()];
      await store.append('sub-a', before, 'no_stream');
      const checkpoint = (await readAllSettled(store, START, 3))[0]!.position;
      const seen: StoredEvent[] = [];
      const batches: number[] = [];
      const subscription = store.subscribe({
        from: checkpoint,
        batchSize: 2,
        pollIntervalMs: 20,
        handle: async (events) => {
          batches.push(events.length);
          seen.push(...events);
        },
      });
      const live = [newEvent(), newEvent(), newEvent()];
      await store.append('sub-b', [live[0]!], 'no_stream');
      await store.append('sub-a', [live[1]!, live[2]!], 3);
      const expected = [...before.slice(1), ...live];
      await waitFor(() => seen.length >= expected.length);
      await subscription.stop();
      expect(ids(seen)).toEqual(ids(expected));
      expect(Math.max(...batches)).toBeLessThanOrEqual(2);

      // Nothing is delivered after stop().
      await store.append('sub-b', [newEvent()], 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toHaveLength(expected.length);
    });

    it('retries a failed batch after onError, losing and repeating nothing', async () => {
      const events = [newEvent(), newEvent()];
      await store.append('sub-err', events, 'no_stream');
      const errors: unknown[] = [];
      const handled: StoredEvent[] = [];
      let failures = 2;
      const subscription = store.subscribe({
        from: START,
        pollIntervalMs: 10,
        onError: (error) => errors.push(error),
        handle: async (batch) => {
          if (failures-- > 0) throw new Error('projector down');
          handled.push(...batch);
        },
      });
      await waitFor(() => handled.length >= 2);
      await subscription.stop();
      expect(errors).toHaveLength(2);
      expect(ids(handled)).toEqual(ids(events));
    });

    it('stop() waits for a running handler to finish', async () => {
      await store.append('sub-stop', [newEvent()], 'no_stream');
      let release: () => void = () => undefined;
      let entered = false;
      let finished = false;
      const subscription = store.subscribe({
        from: START,
        pollIntervalMs: 10,
        handle: async () => {
          entered = true;
          await new Promise<void>((resolve) => (release = resolve));
          finished = true;
        },
      });
      await waitFor(() => entered);
      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(finished).toBe(true);
    });
  });
}
