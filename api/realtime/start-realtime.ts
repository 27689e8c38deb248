import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { wakeupsFor } from '../../infra/eventstore/pg-wakeups.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createRealtime } from './socket-gateway.js';

/**
 * Socket.IO on the API's HTTP server, fed by the app's change feed (app.changeFeed, which the
 * Hub read path owns and starts): pushes go out after the Hub cache has taken the batch, so a
 * client refetching on a push sees it. Returns a closer.
 */
export async function startRealtime(app: FastifyInstance, deps: { db?: Pool; store?: EventStore; redis?: { pub: Redis; sub: Redis; key: string } }) {
  // The auth guard's check: a socket joins its rooms only with a token whose sessions are current.
  const realtime = createRealtime(app.server, (token) => app.authenticate(token), deps.redis);
  const unlisten = app.changeFeed.listen((batch) => {
    for (const hubId of batch.hubIds) realtime.hubChanged(hubId);
    for (const [id, userId] of batch.reservations) realtime.reservationChanged(id, userId);
    // Every batch may move a dashboard figure (totals, occupancy, revenue, history).
    realtime.adminChanged([...batch.hubIds]);
    if (batch.pickupHubIds.size) realtime.collectionsChanged([...batch.pickupHubIds]);
    for (const { hubId, userId } of batch.access) realtime.accessChanged(hubId, userId);
    for (const { userId, hubIds } of batch.staff) realtime.staffChanged(userId, hubIds);
    if (batch.settings) realtime.settingsChanged();
    if (batch.doorHubIds?.size) realtime.doorsChanged([...batch.doorHubIds]);
    if (batch.alertHubIds?.size) realtime.alertsChanged([...batch.alertHubIds]);
  });
  // Ended sessions (api/auth/session-epochs.ts notifies hub_sessions with the user id, to every
  // process): a demoted or erased account's open pages stop hearing its private rooms at once.
  // Embedded PGlite delivers no notifications; there such a socket keeps its rooms until it
  // reconnects, hearing only ids its refetches are refused for.
  const unwatch = deps.db
    ? wakeupsFor(deps.db).on('hub_sessions', (userId) => {
        if (userId) realtime.sessionsEnded(userId);
      })
    : () => undefined;
  // On app.close(): browsers are told to go (they reconnect to another process) before the HTTP
  // server waits for its connections, which an open WebSocket would otherwise hold.
  app.addHook('preClose', async () => realtime.disconnectAll());
  return async () => {
    unlisten();
    unwatch();
    await realtime.close();
  };
}
