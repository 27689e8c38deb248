import type { GlobalPosition, ReadAllOptions, StoredEvent, SubscribeOptions, Subscription } from './port.js';
import { shareReads } from './shared-reads.js';

export interface PollDefaults {
  batchSize: number;
  pollIntervalMs: number;
  /**
   * While something else wakes the subscriptions (PostgreSQL LISTEN), the slower safety poll that
   * replaces the interval when it is longer; undefined while nothing does.
   */
  idlePollMs?: () => number | undefined;
}

export interface PollSubscription extends Subscription {
  /** Skips the current wait, e.g. right after this process appended something. */
  wake(): void;
}

function defaultOnError(error: unknown): void {
  console.error(`[eventstore] subscription error: ${error instanceof Error ? error.message : String(error)}`);
}

/** After failures in a row, wait longer (up to 2 s) so a database that is down is not hammered. */
const MAX_ERROR_PAUSE_MS = 2_000;

/**
 * Follows readAll from a checkpoint. The position advances only after handle resolves, so a
 * failed batch is retried as a whole after the poll interval (at-least-once; handlers that
 * checkpoint in their own transaction make it exactly-once).
 */
export function createPollSubscription(
  readAll: (options: ReadAllOptions) => Promise<StoredEvent[]>,
  options: SubscribeOptions,
  defaults: PollDefaults,
): PollSubscription {
  const batchSize = options.batchSize ?? defaults.batchSize;
  const interval = options.pollIntervalMs ?? defaults.pollIntervalMs;
  const userOnError = options.onError ?? defaultOnError;
  // A throwing onError must not end the loop (and leave stop() with a rejected promise).
  const onError = (error: unknown): void => {
    try {
      userOnError(error);
    } catch (reportError) {
      defaultOnError(reportError);
    }
  };
  let position: GlobalPosition = options.from;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  let failures = 0;
  const pause = (): Promise<void> =>
    new Promise((resolve) => {
      if (stopped || woken) {
        woken = false;
        resolve();
        return;
      }
      const idle = Math.max(interval, defaults.idlePollMs?.() ?? 0);
      const timer = setTimeout(done, failures ? Math.min(MAX_ERROR_PAUSE_MS, interval * 2 ** failures) : idle);
      function done(): void {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const run = async (): Promise<void> => {
    while (!stopped) {
      let batch: StoredEvent[];
      try {
        batch = await readAll({ after: position, limit: batchSize });
      } catch (error) {
        failures++;
        onError(error);
        await pause();
        continue;
      }
      if (stopped) break;
      const last = batch.at(-1);
      if (last === undefined) {
        failures = 0;
        await pause();
        continue;
      }
      try {
        await options.handle(batch);
        position = last.position;
        failures = 0;
      } catch (error) {
        failures++;
        onError(error);
        await pause();
        continue;
      }
      // A full batch means more may be waiting: read again at once.
      if (batch.length < batchSize) await pause();
    }
  };

  const running = run();

  return {
    wake(): void {
      if (wakeUp) wakeUp();
      else woken = true;
    },
    async stop(): Promise<void> {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}

/**
 * The subscriptions of one store: subscribe, wake them after a local append, stop them all on
 * close. Both adapters use it, so they follow the log the same way. Subscriptions that read in
 * the same turn (woken together) share one read (shared-reads.ts).
 */
export function createSubscriptions(readAll: (options: ReadAllOptions) => Promise<StoredEvent[]>, defaults: PollDefaults) {
  const live = new Set<PollSubscription>();
  const read = shareReads(readAll);
  return {
    subscribe(options: SubscribeOptions): Subscription {
      const subscription = createPollSubscription(read, options, defaults);
      live.add(subscription);
      return {
        async stop() {
          await subscription.stop();
          live.delete(subscription);
        },
      };
    },
    wake(): void {
      for (const subscription of live) subscription.wake();
    },
    async close(): Promise<void> {
      await Promise.all([...live].map((subscription) => subscription.stop()));
      live.clear();
    },
  };
}
