import type { HubCommand, LockerSpec } from '../domain/hubs/hub-decide.js';
import { hubDecider } from '../domain/hubs/hub-decide.js';
import type { HubDetails, HubEvent, HubState } from '../domain/hubs/hub-events.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { bookingCacheFor } from './booking-cache.js';
import type { CommandContext } from './command-handler.js';
import { asDomainEvents, loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { futureReservationIds } from '../projections/reservations/command-queries.js';
import { generateHubSecretKey } from './hub-secret-key.js';
import { derivedUuid } from './idempotency.js';
import { newId } from './new-id.js';

// The administration of Hubs (dashboard): register, change, remove. Each request decides one
// or more Hub commands on the Hub's stream and appends what they decided at once, with the
// stream's expected version (a concurrent admin write makes it decide again on the new state).

export interface HubCommandResult {
  hubId: string;
  state: HubState;
  /** What this request wrote; on a retry with the same Idempotency-Key, what the first attempt wrote. */
  events: HubEvent[];
  /** Log position of the last event written (or found); null when nothing needed to happen. */
  position: GlobalPosition | null;
}

export type HubDeps = Pick<CommandDeps, 'store' | 'bookingCache'>;

/**
 * Decides the commands `build` gives for the Hub's current state, one after another on the
 * evolving state, and appends every event in one append: all or nothing. A request retried
 * with the same Idempotency-Key that already wrote returns what it wrote, writing nothing.
 */
export function runHubCommands(deps: HubDeps, hubId: string, build: (state: HubState) => HubCommand[], ctx: CommandContext): Promise<HubCommandResult> {
  const streamId = hubStreamId(hubId);
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, hubDecider),
    replay: {
      stored: (hub) => hub.stored,
      answer: (written, { state }) => ({ hubId, state, events: asDomainEvents<HubEvent>(written), position: written.at(-1)!.position }),
    },
    decide: ({ state, version }) => {
      let next = state;
      const events: HubEvent[] = [];
      for (const command of build(state)) {
        const decided = hubDecider.decide(command, next);
        next = decided.reduce(hubDecider.evolve, next);
        events.push(...decided);
      }
      return {
        append: [{ streamId, events, expectedVersion: version }],
        written: (appended) => {
          // Bookings in this process check the Hub by version: they take the new state without a read.
          if (appended) bookingCacheFor(deps).hubs.applyAppended(streamId, events, appended.of(streamId).nextVersion);
          return { hubId, state: next, events, position: appended?.of(streamId).position ?? null };
        },
      };
    },
  });
}

/** A locker to install: its id is made here. */
export type NewLocker = Omit<LockerSpec, 'lockerId'>;

export interface NewHub {
  hubId: string;
  /** Left out (the admin left the field empty): a random 10-character key is made here. */
  secretKey?: string;
  details: HubDetails;
  lockers: NewLocker[];
}

/**
 * An id for a locker this request installs: derived from the Idempotency-Key when there is one,
 * so a retry names the same locker (and finds it written) instead of installing another.
 */
export function newLockerId(ctx: CommandContext, hubId: string, index = 0): string {
  return ctx.idempotencyKey ? derivedUuid(ctx.idempotencyKey, 'locker', hubId, String(index)) : newId();
}

/** Registers a Hub and installs its lockers in the same append. */
export function registerHub(deps: HubDeps, hub: NewHub, ctx: CommandContext): Promise<HubCommandResult> {
  const lockers = hub.lockers.map((locker, i) => ({ ...locker, lockerId: newLockerId(ctx, hub.hubId, i) }));
  const secretKey = hub.secretKey ?? generateHubSecretKey();
  return runHubCommands(deps, hub.hubId, () => [{ type: 'RegisterHub', hubId: hub.hubId, secretKey, details: hub.details, lockers }], ctx);
}

export type HubChanges = Partial<HubDetails> & { secretKey?: string };

export function changeHubDetails(deps: HubDeps, hubId: string, changes: HubChanges, ctx: CommandContext): Promise<HubCommandResult> {
  return runHubCommands(deps, hubId, () => [{ type: 'ChangeHubDetails', changes }], ctx);
}

/**
 * Removes a Hub unless its lockers hold future pending or active reservations (then nothing
 * changes). `alsoOpen`: reservations the caller knows of that the read model may not show yet.
 */
export async function removeHub(
  deps: HubDeps & Pick<CommandDeps, 'db'>,
  hubId: string,
  ctx: CommandContext,
  alsoOpen: Iterable<string> = [],
): Promise<HubCommandResult> {
  const open = new Set([...(await futureReservationIds(deps.db, { hubId }, ctx.now)), ...alsoOpen]);
  return runHubCommands(deps, hubId, () => [{ type: 'RemoveHub', futureReservations: open.size }], ctx);
}
