import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { AlertEvent, AlertPlace, AlertRaisedData } from './alert-events.js';
import { MAX_ALERT_NOTE } from './alert-events.js';

// An alert's life: raised (once: a second raise of the same alert decides nothing), acknowledged
// (optional: someone is on it), resolved (the end). Acknowledging twice is a no-op; acknowledging
// or resolving a resolved alert is a 409 with a clear message, as is resolving twice.

export const AlertMessages = {
  notFound: 'Alerta não encontrado.',
  alreadyResolved: 'Este alerta já foi resolvido.',
  noteTooLong: `A observação pode ter no máximo ${MAX_ALERT_NOTE} caracteres.`,
} as const;

export type AlertStatus = 'open' | 'acknowledged' | 'resolved';

export type AlertCommand =
  | { type: 'RaiseAlert'; alert: AlertRaisedData }
  /** Counts another fact of the same kind at the same door (or Hub) on this alert, while it is not resolved. */
  | { type: 'RepeatAlert'; sourceEventId: string; at: string }
  | { type: 'AcknowledgeAlert'; by: string; at: string }
  | { type: 'ResolveAlert'; by: string; at: string; note?: string };

export interface AlertState {
  place: AlertPlace | null;
  status: AlertStatus | null;
  /** The facts counted on it (the one that raised it first). */
  sources: readonly string[];
}

function decide(command: AlertCommand, state: AlertState): AlertEvent[] {
  if (command.type === 'RaiseAlert') {
    // The same fact read again (a replay, another replica): raised already, nothing to add.
    if (state.place) return [];
    return [{ type: 'AlertRaised', data: command.alert }];
  }
  if (!state.place) throw notFound('alert_not_found', AlertMessages.notFound);
  if (state.status === 'resolved') throw conflict('alert_resolved', AlertMessages.alreadyResolved);
  const place = state.place;
  if (command.type === 'RepeatAlert') {
    // The same fact counted once, however often it is read.
    if (state.sources.includes(command.sourceEventId)) return [];
    return [{ type: 'AlertRepeated', data: { ...place, sourceEventId: command.sourceEventId, at: command.at } }];
  }
  if (command.type === 'AcknowledgeAlert') {
    if (state.status === 'acknowledged') return [];
    return [{ type: 'AlertAcknowledged', data: { ...place, by: command.by, at: command.at } }];
  }
  const note = command.note?.trim();
  if (note && note.length > MAX_ALERT_NOTE) throw invalid('invalid', AlertMessages.noteTooLong);
  return [{ type: 'AlertResolved', data: { ...place, by: command.by, at: command.at, ...(note ? { note } : {}) } }];
}

function evolve(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertRaised': {
      const { alertId, kind, hubId, lockerId, lockerOrder } = event.data;
      const place: AlertPlace = { alertId, kind, hubId, ...(lockerId ? { lockerId } : {}), ...(lockerOrder !== undefined ? { lockerOrder } : {}) };
      return { place, status: 'open', sources: [event.data.sourceEventId] };
    }
    case 'AlertRepeated':
      return { ...state, sources: [...state.sources, event.data.sourceEventId] };
    case 'AlertAcknowledged':
      return { ...state, status: 'acknowledged' };
    case 'AlertResolved':
      return { ...state, status: 'resolved' };
  }
}

export const alertDecider: Decider<AlertCommand, AlertEvent, AlertState> = {
  decide,
  evolve,
  initialState: () => ({ place: null, status: null, sources: [] }),
};
