import type { ObserveHeartbeat, PresenceEvent } from '../domain/doors/controller-presence.js';
import { DEFAULT_CONTROLLER_OFFLINE_AFTER_MS, presenceDecider } from '../domain/doors/controller-presence.js';
import { controllerStreamId } from '../domain/doors/door-state-events.js';
import type { Heartbeat } from '../infra/controller/heartbeats.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';

// Records a controller going offline or coming back (issue 29 item 4) on `controller-{hubId}`
// with the stream's expected version: of several sweepers (workers replicas) seeing the same
// stale heartbeat, one append wins; the others lose it, read again, see the transition and stop.

/** CONTROLLER_OFFLINE_AFTER_MS: how long without a heartbeat before a controller is offline. */
export function controllerOfflineAfterMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CONTROLLER_OFFLINE_AFTER_MS;
  if (raw === undefined || raw === '') return DEFAULT_CONTROLLER_OFFLINE_AFTER_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1000) {
    throw new Error(`CONTROLLER_OFFLINE_AFTER_MS must be an integer of milliseconds, at least 1000 (got "${raw}")`);
  }
  return value;
}

/** The transition this call recorded (null: none was due, or another sweeper recorded it). */
export function observeHeartbeat(
  deps: Pick<CommandDeps, 'store'>,
  beat: Pick<Heartbeat, 'hubId' | 'lastSeenAt'>,
  offlineAfterMs: number,
  ctx: CommandContext,
): Promise<PresenceEvent | null> {
  const streamId = controllerStreamId(beat.hubId);
  const command: ObserveHeartbeat = {
    type: 'ObserveHeartbeat',
    hubId: beat.hubId,
    lastSeenAt: beat.lastSeenAt.toISOString(),
    now: ctx.now.toISOString(),
    offlineAfterMs,
  };
  return runCommand<Awaited<ReturnType<typeof load>>, PresenceEvent | null>(deps.store, ctx, {
    read: () => load(deps, streamId),
    decide: ({ state, version }) => {
      const events = presenceDecider.decide(command, state);
      if (events.length === 0) return { answer: null };
      return { append: [{ streamId, events, expectedVersion: version }], written: () => events[0]! };
    },
  });
}

const load = (deps: Pick<CommandDeps, 'store'>, streamId: string) => loadState(deps.store, streamId, presenceDecider);
