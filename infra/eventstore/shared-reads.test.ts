import { describe, expect, it } from 'vitest';
import type { GlobalPosition, ReadAllOptions, StoredEvent } from './port.js';
import { START, comparePositions } from './port.js';
import { shareReads } from './shared-reads.js';

const at = (seq: number): GlobalPosition => ({ tx: 1n, seq: BigInt(seq) });
const log: StoredEvent[] = Array.from({ length: 10 }, (_, i) => ({
  id: `e${i + 1}`,
  type: 'T',
  data: {},
  metadata: { actor: { id: 'a', role: 'system' }, correlationId: 'c', causationId: null, at: '' },
  streamId: 's',
  streamVersion: i + 1,
  position: at(i + 1),
  recordedAt: '',
}));

/** The log above, read as the store does, counting the queries. */
function countingReader() {
  const calls: ReadAllOptions[] = [];
  const readAll = async (options: ReadAllOptions) => {
    calls.push(options);
    return log.filter((e) => comparePositions(e.position, options.after) > 0).slice(0, options.limit);
  };
  return { calls, read: shareReads(readAll) };
}
const seqs = (events: StoredEvent[]) => events.map((e) => Number(e.position.seq));

describe('shared reads', () => {
  it('serves callers that ask in the same turn with one query, each from its own position', async () => {
    const { calls, read } = countingReader();
    const [a, b, c] = await Promise.all([read({ after: at(4), limit: 100 }), read({ after: at(4), limit: 100 }), read({ after: at(7), limit: 2 })]);
    expect(calls).toHaveLength(1);
    expect(seqs(a)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(b).toEqual(a);
    expect(seqs(c)).toEqual([8, 9]);
  });

  it('reads again for a caller a full shared read could not serve up to its limit', async () => {
    const { calls, read } = countingReader();
    const [behind, ahead] = await Promise.all([read({ after: START, limit: 3 }), read({ after: at(2), limit: 3 })]);
    expect(seqs(behind)).toEqual([1, 2, 3]);
    // The shared read stopped at 3: one event after position 2, so the caller's own read gives 3.
    expect(seqs(ahead)).toEqual([3, 4, 5]);
    expect(calls).toHaveLength(2);
  });

  it('reads separately in separate turns, and passes a failure to every waiting caller', async () => {
    const { calls, read } = countingReader();
    await read({ after: START, limit: 1 });
    await read({ after: START, limit: 1 });
    expect(calls).toHaveLength(2);
    const failing = shareReads(async () => {
      throw new Error('database away');
    });
    const results = await Promise.allSettled([failing({ after: START, limit: 5 }), failing({ after: at(3), limit: 5 })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
