import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore } from '../infra/eventstore/memory.js';
import type { NewEvent } from '../infra/eventstore/port.js';
import { Lru } from './lru.js';
import { StreamStateCache } from './stream-cache.js';

type Added = { type: 'Added'; data: { n: number } };
const sum = { evolve: (s: number, e: Added) => s + e.data.n, initialState: () => 0 };
const meta = { actor: { id: 't', role: 'system' }, correlationId: 'c', causationId: null, at: new Date(0).toISOString() };
const added = (...ns: number[]): NewEvent[] => ns.map((n) => ({ id: randomUUID(), type: 'Added', data: { n }, metadata: meta }));

describe('StreamStateCache', () => {
  it('refreshes by reading only the events after the cached version', async () => {
    const store = createMemoryEventStore();
    const cache = new StreamStateCache(sum, 10);
    await store.append('s', added(1, 2), 'no_stream');
    expect(await cache.load(store, 's')).toEqual({ state: 3, version: 2 });
    await store.append('s', added(10), 2);
    const read = vi.spyOn(store, 'readStream');
    expect(await cache.load(store, 's')).toEqual({ state: 13, version: 3 });
    expect(read).toHaveBeenCalledWith('s', 3);
  });

  it('concurrent loads share one read', async () => {
    const store = createMemoryEventStore();
    await store.append('s', added(5), 'no_stream');
    const cache = new StreamStateCache(sum, 10);
    const read = vi.spyOn(store, 'readStream');
    const [a, b] = await Promise.all([cache.load(store, 's'), cache.load(store, 's')]);
    expect(a).toEqual({ state: 5, version: 1 });
    expect(b).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('learns its own append only from the exact state before it', () => {
    const cache = new StreamStateCache(sum, 10);
    cache.remember('s', { state: 3, version: 2 });
    cache.applyAppended('s', [{ type: 'Added', data: { n: 4 } }], 4); // written after an unseen event: unknown
    expect(cache.peek('s')).toEqual({ state: 3, version: 2 });
    cache.applyAppended('s', [{ type: 'Added', data: { n: 4 } }], 3);
    expect(cache.peek('s')).toEqual({ state: 7, version: 3 });
    cache.remember('s', { state: 0, version: 1 }); // an older read never replaces a newer state
    expect(cache.peek('s')).toEqual({ state: 7, version: 3 });
  });

  it('starts over when a conflict reports a version below the cached one (the stream was reset)', async () => {
    const store = createMemoryEventStore();
    const cache = new StreamStateCache(sum, 10);
    cache.remember('s', { state: 100, version: 5 });
    await store.append('s', added(1, 1), 'no_stream');
    expect(await cache.load(store, 's', 2)).toEqual({ state: 2, version: 2 });
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });
});
