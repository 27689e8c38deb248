import type { AlertCommand, AlertState } from '../domain/alerts/alert-decide.js';
import { alertDecider } from '../domain/alerts/alert-decide.js';
import type { AlertEvent, AlertRaisedData } from '../domain/alerts/alert-events.js';
import { alertStreamId } from '../domain/alerts/alert-events.js';
import type { EventStore, GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';

// An alert's commands (issue 29 item 5, ADR 0026), each decided on the alert's own stream and
// appended with its expected version: of several workers raising the same alert, one writes it
// and the others decide again on the written stream and find nothing to do; of two operators
// resolving at once, the second gets the 409 the decider gives a resolved alert.

export interface AlertCommandResult {
  state: AlertState;
  events: AlertEvent[];
  /** Log position of what was written; null when nothing was. */
  position: GlobalPosition | null;
}

function runAlertCommand(store: EventStore, alertId: string, command: (state: AlertState) => AlertCommand, ctx: CommandContext) {
  const streamId = alertStreamId(alertId);
  return runCommand<Awaited<ReturnType<typeof loadState<AlertEvent, AlertState>>>, AlertCommandResult>(store, ctx, {
    read: () => loadState(store, streamId, alertDecider),
    decide: ({ state, version }) => {
      const events = alertDecider.decide(command(state), state);
      const next = events.reduce(alertDecider.evolve, state);
      return {
        append: [{ streamId, events, expectedVersion: version === 0 ? 'no_stream' : version }],
        written: (appended) => ({ state: next, events, position: appended?.of(streamId).position ?? null }),
      };
    },
  });
}

/** Raises the alert of a fact, once: a raised alert decides nothing. */
export const raiseAlert = (store: EventStore, alert: AlertRaisedData, ctx: CommandContext) =>
  runAlertCommand(store, alert.alertId, () => ({ type: 'RaiseAlert', alert }), ctx);

/** Counts another fact of the same kind and place on an alert not yet resolved (409 alert_resolved once it is). */
export const repeatAlert = (store: EventStore, alertId: string, sourceEventId: string, at: string, ctx: CommandContext) =>
  runAlertCommand(store, alertId, () => ({ type: 'RepeatAlert', sourceEventId, at }), ctx);

export const acknowledgeAlert = (store: EventStore, alertId: string, ctx: CommandContext) =>
  runAlertCommand(store, alertId, () => ({ type: 'AcknowledgeAlert', by: ctx.actor.id, at: ctx.now.toISOString() }), ctx);

export const resolveAlert = (store: EventStore, alertId: string, note: string | undefined, ctx: CommandContext) =>
  runAlertCommand(store, alertId, () => ({ type: 'ResolveAlert', by: ctx.actor.id, at: ctx.now.toISOString(), ...(note !== undefined ? { note } : {}) }), ctx);

/** The alert as its stream says (null place: no such alert), for the routes' access check. */
export async function alertState(store: EventStore, alertId: string): Promise<AlertState> {
  return (await loadState(store, alertStreamId(alertId), alertDecider)).state;
}
