// The batches a process's projectors are ready to apply in the same turn of the event loop (one
// notification wakes them all, and they share one read of the log) commit in one transaction:
// one round trip, one BEGIN and COMMIT, one checkpoint notification per wake instead of one per
// projector (docs/adr/0013). Together is all or nothing, so when the shared transaction fails
// (a checkpoint moved under one of them, a leadership lost, a projector's error) each batch is
// applied again on its own and gets its own answer, as before. Two batches of one projector
// (two runners on one pool, as tests start them) never share a transaction.
import type { Pool } from 'pg';
import type { BatchJob } from './apply-batches.js';
import { applyBatches } from './apply-batches.js';

interface Waiting {
  job: BatchJob;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const byPool = new WeakMap<Pool, (job: BatchJob) => Promise<void>>();

/** The pool's batch group: every runner on the pool shares it. */
export function batchGroupFor(pool: Pool): (job: BatchJob) => Promise<void> {
  let group = byPool.get(pool);
  if (!group) byPool.set(pool, (group = batchGroup(pool)));
  return group;
}

function batchGroup(pool: Pool): (job: BatchJob) => Promise<void> {
  let queue: Waiting[] = [];
  const alone = (w: Waiting) => void applyBatches(pool, [w.job]).then(w.resolve, w.reject);

  const flush = () => {
    const names = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of queue) {
      const name = waiting.job.projector.name;
      (names.has(name) ? later : group).push(waiting);
      names.add(name);
    }
    queue = later;
    if (queue.length) setImmediate(flush);
    if (group.length === 1) return alone(group[0]!);
    applyBatches(
      pool,
      group.map((w) => w.job),
    ).then(
      () => group.forEach((w) => w.resolve()),
      () => group.forEach(alone),
    );
  };

  return (job) =>
    new Promise<void>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ job, resolve, reject });
    });
}
