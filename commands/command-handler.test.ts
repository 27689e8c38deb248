import { describe, expect, it } from 'vitest';
import type { Decider } from '../domain/shared/decider.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../infra/eventstore/port.js';
import { createMemoryEventStore } from '../infra/eventstore/memory.js';
import type { CommandContext } from './command-handler.js';
import { AGAIN, handleCommand, loadState, runCommand, toNewEvents } from './command-handler.js';
import { StreamLocks } from './stream-locks.js';

type Added = { type: 'Added'; data: { n: number } };
const counter: Decider<{ add: number }, Added, number> = {
  decide: (c) => (c.add === 0 ? [] : [{ type: 'Added', data: { n: c.add } }]),
  evolve: (s, e) => s + e.data.n,
  initialState: () => 0,
};

const ctx = (idempotencyKey?: string): CommandContext => ({
  actor: { id: 'test', role: 'system' },
  correlationId: 'c',
  now: new Date('2030-01-01T00:00:00Z'),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

const added = (n: number): Added => ({ type: 'Added', data: { n } });
const write = (store: EventStore, streamId: string, n: number) => store.append(streamId, toNewEvents([added(n)], ctx()), 'any');

/** A store whose next `conflicts` appends lose to a concurrent writer that adds 1 to `streamId`. */
function contended(store: EventStore, streamId: string, conflicts: number): EventStore & { tries: number } {
  const wrapped = {
    ...store,
    tries: 0,
    async appendMany(appends: Parameters<EventStore['appendMany']>[0]) {
      wrapped.tries++;
      if (conflicts-- > 0) await write(store, streamId, 1);
      return store.appendMany(appends);
    },
  };
  return wrapped;
}

const folded = async (store: EventStore, streamId: string) => (await loadState(store, streamId, counter)).state;

describe('runCommand', () => {
  it('decides again on the fresh state after a lost append, and appends once', async () => {
    const store = contended(createMemoryEventStore(), 's', 2);
    const result = await handleCommand(store, 's', counter, { add: 10 }, ctx());
    expect(store.tries).toBe(3);
    expect(result.state).toBe(12); // decided on top of the two concurrent writes
    expect(result.appended?.nextVersion).toBe(3);
    expect(await folded(store, 's')).toBe(12);
  });

  it("gives up after maxAttempts lost appends, with the conflict or the spec's own error", async () => {
    const store = contended(createMemoryEventStore(), 's', 100);
    await expect(handleCommand(store, 's', counter, { add: 1 }, ctx(), 3)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(store.tries).toBe(3);
    const busy = runCommand(store, ctx(), {
      maxAttempts: 2,
      exhausted: (conflict) => new Error(`busy: ${conflict.streamId}`),
      read: () => loadState(store, 's', counter),
      decide: ({ version }) => ({ append: [{ streamId: 's', events: [added(1)], expectedVersion: version }], written: () => 'ok' }),
    });
    await expect(busy).rejects.toThrow('busy: s');
  });

  it('writes nothing and checks no version when nothing is to be done', async () => {
    const store = contended(createMemoryEventStore(), 's', 1);
    const result = await handleCommand(store, 's', counter, { add: 0 }, ctx());
    expect(result).toEqual({ events: [], state: 0, appended: null });
    expect(store.tries).toBe(0);
  });

  it('appends to several streams at once, each with its expected version, all or nothing', async () => {
    const store = createMemoryEventStore();
    await write(store, 'b', 5);
    const transfer = (expectedB: number) =>
      runCommand(store, ctx(), {
        maxAttempts: 1,
        read: async () => null,
        decide: () => ({
          append: [
            { streamId: 'a', events: [added(1)], expectedVersion: 'no_stream' },
            { streamId: 'b', events: [added(-1)], expectedVersion: expectedB },
          ],
          written: (appended) => appended!.results.map((r) => [r.streamId, r.nextVersion]),
        }),
      });
    await expect(transfer(0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream('a')).toEqual([]); // b's wrong version kept a from being written
    expect(await transfer(1)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([await folded(store, 'a'), await folded(store, 'b')]).toEqual([1, 4]);
  });

  it('refreshes, then lets the spec answer a lost append, naming the stream that moved', async () => {
    const store = contended(createMemoryEventStore(), 'b', 1);
    const seen: string[] = [];
    const result = await runCommand(store, ctx(), {
      read: async () => ({ a: await folded(store, 'a'), b: (await store.readStream('b')).length }),
      decide: ({ b }) => ({ append: [{ streamId: 'b', events: [added(1)], expectedVersion: b }], written: () => 'written' }),
      refresh: async (conflict) => void seen.push(`refresh ${conflict.streamId} at ${conflict.actual}`),
      onConflict: (conflict, _loaded, lost) => {
        seen.push(`lost ${lost}`);
        return { answer: `gave way to ${conflict.streamId}` };
      },
    });
    expect(result).toBe('gave way to b');
    expect(seen).toEqual(['refresh b at 1', 'lost 1']);
  });

  it('tries again without counting a lost append when the decision is AGAIN', async () => {
    const store = createMemoryEventStore();
    const candidates = ['x', 'y', 'z'];
    const tried: string[] = [];
    const result = await runCommand(store, ctx(), {
      maxAttempts: 1,
      read: async () => candidates.shift()!,
      decide: (candidate) => {
        tried.push(candidate);
        if (candidate !== 'z') return AGAIN;
        return { append: [{ streamId: candidate, events: [added(1)], expectedVersion: 'no_stream' }], written: () => candidate };
      },
    });
    expect(result).toBe('z');
    expect(tried).toEqual(['x', 'y', 'z']);
  });

  it('answers a retried request from what its Idempotency-Key already wrote', async () => {
    const store = createMemoryEventStore();
    const run = (key: string) =>
      runCommand(store, ctx(key), {
        read: () => loadState(store, 's', counter),
        replay: { stored: (s) => s.stored, answer: (written) => `replayed ${written.length}` },
        decide: ({ version }) => ({ append: [{ streamId: 's', events: [added(1), added(2)], expectedVersion: version }], written: () => 'written' }),
      });
    expect(await run('k1')).toBe('written');
    expect(await run('k1')).toBe('replayed 2');
    expect(await run('k2')).toBe('written');
    expect(await folded(store, 's')).toBe(6);
    expect((await store.readStream('s')).map((e) => e.metadata.idempotencyKey)).toEqual(['k1', 'k1', 'k2', 'k2']);
  });

  it('queues deciding and appending on the named streams of this process', async () => {
    const store = createMemoryEventStore();
    const locks = new StreamLocks();
    const busy: boolean[] = [];
    const run = () =>
      runCommand(store, ctx(), {
        maxAttempts: 1, // queued, neither can lose its append to the other
        read: () => loadState(store, 's', counter),
        queue: { locks, streams: () => ['s'] },
        decide: async () => {
          busy.push(locks.busy('s'));
          const { version } = await loadState(store, 's', counter); // decided inside the queue
          return { append: [{ streamId: 's', events: [added(1)], expectedVersion: version }], written: () => version };
        },
      });
    expect((await Promise.all([run(), run()])).sort()).toEqual([0, 1]);
    expect(busy).toEqual([true, true]);
    expect(locks.busy('s')).toBe(false);
  });
});

describe('the one command handler', () => {
  it('is the only code that appends events or handles a lost append', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const dir of ['commands', 'api', 'workers', 'projections']) {
      for (const file of await readdir(join(root, dir), { recursive: true })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || `${dir}/${file}` === 'commands/command-handler.ts') continue;
        const text = await readFile(join(root, dir, file), 'utf8');
        if (/appendMany\(|store\.append\(|WrongExpectedVersionError/.test(text)) offenders.push(`${dir}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
