import type { Pool } from 'pg';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import type { ReservationNote } from './hub-cache.js';
import { HubCache } from './hub-cache.js';
import type { LoadedHub } from './hub-loader.js';
import { loadHubs } from './hub-loader.js';

// The Hub cache and the loads that fill it. Loads run one at a time, in the order asked, so a
// Hub is never replaced by an older read of it.

export interface HubReadModel {
  cache: HubCache;
  /** Loads every Hub; returns the position the rows reflect (where the change feed starts). */
  loadAll(): Promise<GlobalPosition>;
  /** Reloads some Hubs, e.g. those a change-feed batch touched once the projections passed it. */
  refresh(hubIds: readonly string[]): Promise<void>;
  /** A command's own result, shown here until the projections pass its position. */
  noteReservation(note: ReservationNote, position: GlobalPosition): Promise<void>;
  /**
   * A Hub command's own result (null: the Hub is gone) at its log position, for when the
   * projections did not pass it within the bounded wait: shown until a load at or past it.
   */
  showHub(hubId: string, hub: LoadedHub | null, position: GlobalPosition): Promise<void>;
}

export function createHubReadModel(db: Pool, projectorNames: readonly string[], clock: () => Date): HubReadModel {
  const cache = new HubCache();
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  const refresh = (hubIds: readonly string[]) =>
    hubIds.length === 0 ? Promise.resolve() : serially(async () => cache.applySnapshot(await loadHubs(db, projectorNames, clock(), hubIds), hubIds));

  return {
    cache,
    loadAll: () =>
      serially(async () => {
        const snapshot = await loadHubs(db, projectorNames, clock());
        cache.applySnapshot(snapshot);
        return snapshot.position;
      }),
    refresh,
    async noteReservation(note, position) {
      // A Hub this process has not loaded yet (just registered elsewhere): read it now, so the
      // answer after this command shows it, with the overlay on top until the projections pass.
      if (!cache.noteReservation(note, position)) await refresh([note.hubId]);
    },
    showHub: (hubId, hub, position) => serially(async () => cache.applySnapshot({ position, hubs: hub ? [hub] : [] }, [hubId])),
  };
}
