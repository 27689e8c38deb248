import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { ChangeFeed } from '../realtime/change-feed.js';
import { createChangeFeed } from '../realtime/change-feed.js';
import type { HubReadModel } from './hub-read-model.js';
import { createHubReadModel } from './hub-read-model.js';
import { watchReadModelSwitches } from '../read-models-switched.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's follower of the log; realtime pushes listen to it too (start-realtime.ts). */
    changeFeed: ChangeFeed;
  }
}

/**
 * The Hub read path of one API process: when the app is ready, every Hub is loaded from the read
 * models with the position they reflect, and the change feed follows the log from there,
 * reloading the Hubs each batch touched once the projections have passed it. After a projections
 * rebuild switched the tables, every Hub is loaded again (read-models-switched.ts), and `onSwitch`
 * runs (the app drops its settings).
 */
export function installHubReadPath(
  app: FastifyInstance,
  deps: { db: Pool; store: EventStore; clock: () => Date; projectorNames: string[]; onSwitch?: () => void },
): HubReadModel {
  const model = createHubReadModel(deps.db, deps.projectorNames, deps.clock);
  const feed = createChangeFeed(deps.db, deps.store, deps.projectorNames);
  feed.listen((batch) => model.refresh([...batch.hubIds]));
  app.decorate('changeFeed', feed);
  const switches = watchReadModelSwitches(
    deps.db,
    async () => {
      deps.onSwitch?.();
      await model.loadAll();
    },
    (err) => app.log.warn({ err }, 'Hub cache not reloaded after a read-model switch; the change feed will catch up'),
  );
  app.addHook('onReady', async () => {
    await switches.prime();
    feed.start(await model.loadAll());
  });
  app.addHook('onClose', async () => {
    switches.stop();
    await feed.stop();
  });
  return model;
}
