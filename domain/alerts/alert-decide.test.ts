import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { AlertMessages, alertDecider } from './alert-decide.js';
import type { AlertEvent, AlertRaisedData } from './alert-events.js';
import { alertKindOfDoorState, MAX_ALERT_NOTE } from './alert-events.js';

const given = specFor(alertDecider);
const place = { alertId: 'a1', kind: 'door_jammed' as const, hubId: 'SP-01', lockerId: 'l1', lockerOrder: 3 };
const alert: AlertRaisedData = { ...place, reservationId: 'r1', sourceEventId: 'e1', source: 'renter', at: '2026-11-27T14:00:00.000Z' };
const raised: AlertEvent = { type: 'AlertRaised', data: alert };
const acked: AlertEvent = { type: 'AlertAcknowledged', data: { ...place, by: 'u1', at: '2026-11-27T14:05:00.000Z' } };
const resolved: AlertEvent = { type: 'AlertResolved', data: { ...place, by: 'u2', at: '2026-11-27T14:10:00.000Z', note: 'Porta trocada' } };

describe('RaiseAlert', () => {
  it('raises a new alert', () => {
    given([]).when({ type: 'RaiseAlert', alert }).then([raised]);
  });

  it('raises nothing the second time the same fact is read (a replay, another replica)', () => {
    given([raised]).when({ type: 'RaiseAlert', alert }).then([]);
  });
});

describe('AcknowledgeAlert', () => {
  it('records who acknowledged an open alert, with where it is', () => {
    given([raised]).when({ type: 'AcknowledgeAlert', by: 'u1', at: '2026-11-27T14:05:00.000Z' }).then([acked]);
  });

  it('appends nothing when it is acknowledged already', () => {
    given([raised, acked]).when({ type: 'AcknowledgeAlert', by: 'u3', at: '2026-11-27T14:06:00.000Z' }).then([]);
  });

  it('refuses a resolved alert with a clear 409', () => {
    const error = given([raised, resolved]).when({ type: 'AcknowledgeAlert', by: 'u1', at: '2026-11-27T14:20:00.000Z' }).thenFails('alert_resolved');
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(AlertMessages.alreadyResolved);
  });

  it('knows no alert that was never raised', () => {
    expect(given([]).when({ type: 'AcknowledgeAlert', by: 'u1', at: '2026-11-27T14:05:00.000Z' }).thenFails('alert_not_found').kind).toBe('not_found');
  });
});

describe('ResolveAlert', () => {
  it('resolves an acknowledged alert, with its note', () => {
    given([raised, acked]).when({ type: 'ResolveAlert', by: 'u2', at: '2026-11-27T14:10:00.000Z', note: '  Porta trocada ' }).then([resolved]);
  });

  it('resolves an open alert directly (acknowledging first is optional), without an empty note', () => {
    given([raised])
      .when({ type: 'ResolveAlert', by: 'u2', at: '2026-11-27T14:10:00.000Z', note: '   ' })
      .then([{ type: 'AlertResolved', data: { ...place, by: 'u2', at: '2026-11-27T14:10:00.000Z' } }]);
  });

  it('refuses to resolve twice', () => {
    given([raised, resolved]).when({ type: 'ResolveAlert', by: 'u1', at: '2026-11-27T14:20:00.000Z' }).thenFails('alert_resolved');
  });

  it('refuses a note longer than the limit', () => {
    given([raised])
      .when({ type: 'ResolveAlert', by: 'u1', at: '2026-11-27T14:20:00.000Z', note: 'x'.repeat(MAX_ALERT_NOTE + 1) })
      .thenFails('invalid');
  });
});

describe('alertKindOfDoorState', () => {
  it('raises for a jam, a forced door and a door left open, never for opened or closed', () => {
    expect(['jammed', 'forced', 'left_open', 'opened', 'closed'].map((s) => alertKindOfDoorState(s as never))).toEqual([
      'door_jammed',
      'door_forced',
      'door_left_open',
      null,
      null,
    ]);
  });
});

describe('RepeatAlert', () => {
  const again = { type: 'RepeatAlert' as const, sourceEventId: 'e2', at: '2026-11-27T14:03:00.000Z' };
  const repeated: AlertEvent = { type: 'AlertRepeated', data: { ...place, sourceEventId: 'e2', at: '2026-11-27T14:03:00.000Z' } };

  it('counts another jam of the same door on the open alert', () => {
    given([raised]).when(again).then([repeated]);
  });

  it('counts it on an acknowledged alert too', () => {
    given([raised, acked]).when(again).then([repeated]);
  });

  it('counts each fact once, and never the one that raised it', () => {
    given([raised, repeated]).when(again).then([]);
    given([raised])
      .when({ ...again, sourceEventId: 'e1' })
      .then([]);
  });

  it('refuses a resolved alert: the next jam is a new alert', () => {
    given([raised, resolved]).when(again).thenFails('alert_resolved');
  });
});
