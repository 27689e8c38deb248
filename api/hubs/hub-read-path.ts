import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { ChangeFeed } from '../realtime/change-feed.js';
import { createChangeFeed } from '../realtime/change-feed.js';
import type { HubReadModel } from './hub-read-model.js';
import { createHubReadModel } from './hub-read-model.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's follower of the log; realtime pushes listen to it too (start-realtime.ts). */
    changeFeed: ChangeFeed;
  }
}

/**
 * The Hub read path of one API process: when the app is ready, every Hub is loaded from the read
 * models with the position they reflect, and the change feed follows the log from there,
 * reloading the Hubs each batch touched once the projections have passed it.
 */
export function installHubReadPath(app: FastifyInstance, deps: { db: Pool; store: EventStore; clock: () => Date; projectorNames: string[] }): HubReadModel {
  const model = createHubReadModel(deps.db, deps.projectorNames, deps.clock);
  const feed = createChangeFeed(deps.db, deps.store, deps.projectorNames);
  feed.listen((batch) => model.refresh([...batch.hubIds]));
  app.decorate('changeFeed', feed);
  app.addHook('onReady', async () => feed.start(await model.loadAll()));
  app.addHook('onClose', async () => feed.stop());
  return model;
}
