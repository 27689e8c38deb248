import type { ReadAllOptions, StoredEvent } from './port.js';
import { comparePositions } from './port.js';

type ReadAll = (options: ReadAllOptions) => Promise<StoredEvent[]>;

interface Waiting {
  options: ReadAllOptions;
  resolve: (events: StoredEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * One read of the log for the subscriptions that ask in the same turn of the event loop. One
 * notification wakes every subscription of a process at once (a projection process has four), and
 * caught up they all stand at the same position: without this each would run the same query (and
 * the horizon's look at pg_locks) and parse the same rows. The shared query starts at the
 * furthest-behind position with the largest limit; each caller gets the events after its own
 * position, at most its limit. A caller the shared read cannot serve whole (it was full before
 * reaching that caller's limit) reads on its own, so a short answer still means "caught up".
 */
export function shareReads(readAll: ReadAll): ReadAll {
  let queue: Waiting[] = [];

  const serve = async (group: Waiting[]) => {
    if (group.length === 1) return group[0]!.resolve(await readAll(group[0]!.options));
    const from = group.map((w) => w.options.after).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    const limit = Math.max(...group.map((w) => w.options.limit));
    const events = await readAll({ after: from, limit });
    const full = events.length >= limit;
    await Promise.all(
      group.map(async ({ options, resolve, reject }) => {
        const mine = events.filter((event) => comparePositions(event.position, options.after) > 0).slice(0, options.limit);
        if (!full || mine.length === options.limit) return resolve(mine);
        await readAll(options).then(resolve, reject);
      }),
    );
  };

  const flush = () => {
    const group = queue;
    queue = [];
    serve(group).catch((error: unknown) => group.forEach((w) => w.reject(error)));
  };

  return (options) =>
    new Promise<StoredEvent[]>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ options, resolve, reject });
    });
}
