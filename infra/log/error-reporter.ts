import { describeDbError } from '../db/pool.js';

/**
 * An onError for loops that retry (subscriptions, projectors): one line per error, and the same
 * error repeated while a dependency is down (PostgreSQL restarting) is said once every 30 s
 * rather than on every retry.
 */
export function errorReporter(prefix: string, write: (line: string) => void = (line) => console.error(line), quietMs = 30_000) {
  let last = '';
  let lastAt = 0;
  let repeated = 0;
  return (error: unknown): void => {
    const line = describeDbError(error);
    const now = Date.now();
    if (line === last && now - lastAt < quietMs) {
      repeated++;
      return;
    }
    if (repeated) write(`${prefix} (the previous error repeated ${repeated}×)`);
    write(`${prefix} ${line}`);
    last = line;
    lastAt = now;
    repeated = 0;
  };
}
