import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { ObserveHeartbeat, PresenceEvent } from './controller-presence.js';
import { controllerStatus, presenceDecider } from './controller-presence.js';

const spec = specFor(presenceDecider);
const HUB = 'SP-01';
const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const observe = (lastSeen: number | null, now: number): ObserveHeartbeat => ({
  type: 'ObserveHeartbeat',
  hubId: HUB,
  lastSeenAt: lastSeen === null ? null : at(lastSeen),
  now: at(now),
  offlineAfterMs: 90_000,
});
const wentOffline = (lastSeen: number, detected: number): PresenceEvent => ({
  type: 'ControllerWentOffline',
  data: { hubId: HUB, lastSeenAt: at(lastSeen), detectedAt: at(detected) },
});

describe('controller presence', () => {
  it('is never connected without a heartbeat, online within the bound, offline past it', () => {
    expect(controllerStatus(null, new Date(T0), 90_000)).toBe('never');
    expect(controllerStatus(new Date(T0), new Date(T0 + 90_000), 90_000)).toBe('online');
    expect(controllerStatus(new Date(T0), new Date(T0 + 90_001), 90_000)).toBe('offline');
  });

  it('given nothing, when a Hub was never heard from, then nothing happens (no controller is not offline)', () => {
    spec([]).when(observe(null, 500)).then([]);
  });

  it('given nothing, when the heartbeat is fresh, then nothing happens', () => {
    spec([]).when(observe(0, 60)).then([]);
  });

  it('given nothing, when the last heartbeat is older than the bound, then the controller went offline', () => {
    spec([])
      .when(observe(0, 91))
      .then([wentOffline(0, 91)]);
  });

  it('given it went offline, when it is still quiet, then nothing more happens', () => {
    spec([wentOffline(0, 91)])
      .when(observe(0, 400))
      .then([]);
  });

  it('given it went offline, when it beats again, then it is back online since that heartbeat', () => {
    spec([wentOffline(0, 91)])
      .when(observe(300, 310))
      .then([{ type: 'ControllerBackOnline', data: { hubId: HUB, at: at(300), offlineSince: at(0) } }]);
  });

  it('given it went offline and came back, when it goes quiet again, then it goes offline again', () => {
    const back: PresenceEvent = { type: 'ControllerBackOnline', data: { hubId: HUB, at: at(300), offlineSince: at(0) } };
    spec([wentOffline(0, 91), back])
      .when(observe(300, 391))
      .then([wentOffline(300, 391)]);
  });
});
