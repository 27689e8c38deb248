import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import type { TokenService } from '../auth/tokens.js';
import { startChangeFeed } from './change-feed.js';
import { createRealtime } from './socket-gateway.js';

/** Socket.IO on the API's HTTP server plus the change feed that feeds it; returns a closer. */
export async function startRealtime(app: FastifyInstance, deps: { db: Pool; store: EventStore; tokens: TokenService }) {
  const realtime = createRealtime(app.server, deps.tokens);
  const feed = await startChangeFeed(deps.db, deps.store, realtime, projectorNames);
  return async () => {
    await feed.stop();
    await realtime.close();
  };
}
