// The controllers' sweep (issue 29 item 4): every CONTROLLER_SWEEP_INTERVAL_MS it reads each Hub's
// last heartbeat and records ControllerWentOffline when it has gone stale, ControllerBackOnline
// when it beats again. No lock and no claimed period: workers replicas may sweep together, and
// the controller stream's expected version lets one of them record each transition (the others
// read it back and stop). Online/offline itself never waits for this: the API computes it on read.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { controllerOfflineAfterMsFromEnv, observeHeartbeat } from '../commands/controller-presence.js';
import type { PresenceEvent } from '../domain/doors/controller-presence.js';
import { controllerStatus } from '../domain/doors/controller-presence.js';
import { controllerTransitionsOf } from '../projections/doors/queries.js';
import { lastHeartbeats } from '../infra/controller/heartbeats.js';
import { describeDbError } from '../infra/db/pool.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { positiveMsFromEnv } from '../infra/env-ms.js';
import { everyRound } from './rounds.js';

export const DEFAULT_CONTROLLER_SWEEP_MS = 15_000;

export interface PresenceSweepDeps {
  db: Pool;
  store: EventStore;
  clock: () => Date;
  offlineAfterMs: number;
  log?: (line: string) => void;
}

export interface PresenceSweep {
  /** One round now; resolves with the transitions this call recorded. */
  sweepNow(): Promise<PresenceEvent[]>;
  close(): Promise<void>;
}

/** CONTROLLER_SWEEP_INTERVAL_MS and CONTROLLER_OFFLINE_AFTER_MS, checked at start. */
export function presenceSettingsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    intervalMs: positiveMsFromEnv(env, 'CONTROLLER_SWEEP_INTERVAL_MS', DEFAULT_CONTROLLER_SWEEP_MS),
    offlineAfterMs: controllerOfflineAfterMsFromEnv(env),
  };
}

export async function sweepControllers(deps: PresenceSweepDeps): Promise<PresenceEvent[]> {
  const now = deps.clock();
  const ctx = { actor: { id: 'worker', role: 'worker' as const }, correlationId: randomUUID(), causationId: 'controller-sweep', now };
  const recorded: PresenceEvent[] = [];
  const beats = await lastHeartbeats(deps.db);
  // The read model is only a hint (it may lag): a Hub whose last recorded transition already says
  // what the heartbeat says is skipped without reading its stream; any other goes to the command,
  // which decides on the stream itself. At city size that is a handful of stream reads per round.
  const known = new Map(
    (
      await controllerTransitionsOf(
        deps.db,
        beats.map((b) => b.hubId),
      )
    ).map((t) => [t.hub_id, t]),
  );
  for (const beat of beats) {
    const status = controllerStatus(beat.lastSeenAt, now, deps.offlineAfterMs);
    const last = known.get(beat.hubId);
    const settled =
      status === 'online' ? !last || last.status === 'online' : last?.status === 'offline' && last.offline_since?.getTime() === beat.lastSeenAt.getTime();
    if (settled) continue;
    const event = await observeHeartbeat(deps, beat, deps.offlineAfterMs, ctx);
    if (event) recorded.push(event);
  }
  return recorded;
}

export function startPresenceSweep(deps: PresenceSweepDeps, intervalMs: number): PresenceSweep {
  const log = deps.log ?? ((line: string) => console.log(line));
  const round = () =>
    sweepControllers(deps).then((events) => {
      for (const e of events) log(`[controllers] ${e.data.hubId}: ${e.type === 'ControllerWentOffline' ? 'offline' : 'back online'}`);
      return events;
    });
  const rounds = everyRound(intervalMs, round, (error) => log(`[controllers] sweep failed, retrying in ${intervalMs} ms: ${describeDbError(error)}`));
  return { sweepNow: round, close: () => rounds.stop() };
}
