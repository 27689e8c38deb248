import type { PlatformSettings } from '../domain/settings/settings-events.js';
import { effectiveSettings } from '../domain/settings/settings-events.js';
import type { Queryable } from '../infra/db/queryable.js';
import { settingsOverrides } from '../projections/settings/queries.js';

// The settings every process obeys (issue 27 item 7), read from rm_settings on top of the
// environment's values. A process keeps what it read for at most `maxAgeMs` (default 500 ms),
// and the change feed drops it at once when a batch carries a SettingsChanged
// (api/realtime/start-realtime.ts), so a change counts in every process within about a second
// with no restart, and a booking pays one small query at most twice a second, not per request.

export interface SettingsReader {
  /** The settings in force (never older than maxAgeMs). */
  current(): Promise<PlatformSettings>;
  /** Forget what was read: the next `current()` reads again. */
  invalidate(): void;
  /** The environment's values, in force where no admin changed them. */
  readonly defaults: PlatformSettings;
}

export interface SettingsReaderOptions {
  maxAgeMs?: number;
  now?: () => number;
}

export function createSettingsReader(db: Queryable, defaults: PlatformSettings, options: SettingsReaderOptions = {}): SettingsReader {
  const maxAgeMs = options.maxAgeMs ?? 500;
  const now = options.now ?? (() => performance.now());
  let held: { value: PlatformSettings; readAt: number } | null = null;
  let reading: Promise<PlatformSettings> | null = null;
  let generation = 0;

  const read = () => {
    const started = now();
    const asked = generation;
    const promise = settingsOverrides(db)
      .then(({ overrides }) => {
        const value = effectiveSettings(defaults, overrides);
        // A read that an invalidation overtook is answered but not kept.
        if (asked === generation) held = { value, readAt: started };
        return value;
      })
      .finally(() => {
        if (reading === promise) reading = null;
      });
    reading = promise;
    return promise;
  };

  return {
    defaults,
    current() {
      if (held && now() - held.readAt < maxAgeMs) return Promise.resolve(held.value);
      return reading ?? read();
    },
    invalidate() {
      generation++;
      held = null;
      reading = null;
    },
  };
}

/** A reader with fixed values (unit tests, tools with no database). */
export function fixedSettings(value: PlatformSettings): SettingsReader {
  return { defaults: value, current: () => Promise.resolve(value), invalidate: () => undefined };
}
