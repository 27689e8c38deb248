// A projections rebuild swaps the read models' tables at once (projections/rebuild/switch-over.ts)
// and notifies `hub_read_models` in that transaction. What a process caches from the read models
// (the Hub cache, the settings) must not outlive the old tables: on the notice, or after the
// LISTEN connection came back (a notice may have been missed meanwhile), the last switched
// rebuild is read, and when it is not the one seen before, `reload` runs.
import type { Pool } from 'pg';
import { wakeupsFor } from '../infra/eventstore/pg-wakeups.js';

export interface ReadModelSwitches {
  /** Remembers the current switch (call before the first load), so only later ones reload. */
  prime(): Promise<void>;
  stop(): void;
}

export function watchReadModelSwitches(db: Pool, reload: () => Promise<unknown>, onError: (error: unknown) => void): ReadModelSwitches {
  let seen: string | null | undefined;
  let checking: Promise<void> = Promise.resolve();
  const lastSwitch = async () =>
    (await db.query<{ id: string }>(`SELECT id FROM projection_rebuilds WHERE status = 'switched' ORDER BY finished_at DESC LIMIT 1`)).rows[0]?.id ?? null;
  const check = () => {
    checking = checking
      .then(async () => {
        if (seen === undefined) return; // not primed yet: the first load reads the new tables anyway
        const last = await lastSwitch();
        if (last === seen) return;
        seen = last;
        await reload();
      })
      .catch(onError);
  };
  const stop = wakeupsFor(db).on('hub_read_models', check);
  return {
    async prime() {
      // Unreadable (the database away at start): every later notice reloads once.
      seen = await lastSwitch().catch(() => null);
    },
    stop,
  };
}
