// Which queries a server push makes stale (web/src/features/realtime/push-invalidations.ts): every
// screen that shows what changed, so none needs a reload. tests/e2e/live-pages.test.ts shows it
// in the browser.
import { describe, expect, it } from 'vitest';
import {
  keysForAccessChanged,
  keysForAlertsChanged,
  keysForHubChanged,
  keysForReservationChanged,
  keysForStaffChanged,
} from '../../web/src/features/realtime/push-invalidations.js';
import { queryKeys } from '../../web/src/lib/query-keys.js';

/** Whether invalidating `key` reaches the query `queryKey` (TanStack Query's prefix match). */
const reaches = (keys: readonly (readonly unknown[])[], queryKey: readonly unknown[]) => keys.some((key) => key.every((part, i) => part === queryKey[i]));

describe('issue 24 item 17: a push refreshes every screen that shows what changed', () => {
  it("a Hub's change reaches its public pages and the logistics card grid and Hub detail", () => {
    const keys = keysForHubChanged('BH-03');
    for (const key of [
      queryKeys.hubs.detail('BH-03'),
      queryKeys.hubs.list('public'),
      queryKeys.hubs.list('gmv'),
      queryKeys.logistics.hub('BH-03'),
      queryKeys.logistics.hubs,
    ]) {
      expect(reaches(keys, key), JSON.stringify(key)).toBe(true);
    }
    expect(reaches(keys, queryKeys.logistics.hub('SP-01'))).toBe(false);
  });

  it("a reservation's change reaches that reservation and the renter's lists (every open profile page)", () => {
    const keys = keysForReservationChanged('r-1');
    expect(reaches(keys, queryKeys.reservations.detail('r-1'))).toBe(true);
    expect(reaches(keys, queryKeys.reservations.byUser('u-1'))).toBe(true);
    expect(reaches(keys, queryKeys.reservations.detail('r-2'))).toBe(false);
    // Issue 28 item 7: a reminder is a fact on one of the renter's reservations; the bell refetches.
    expect(reaches(keys, queryKeys.notifications.list)).toBe(true);
  });

  it("issue 26: an access grant's change reaches the Hub's page, my Hubs, the renter's check, the queue and the members", () => {
    const keys = keysForAccessChanged('SP-04');
    for (const key of [
      queryKeys.hubs.detail('SP-04'),
      queryKeys.hubs.list('mine'),
      queryKeys.access.check('u-1', 'SP-04'),
      queryKeys.access.requests,
      queryKeys.access.members('SP-04'),
    ]) {
      expect(reaches(keys, key), JSON.stringify(key)).toBe(true);
    }
    expect(reaches(keys, queryKeys.hubs.detail('SP-01'))).toBe(false);
  });
});

describe("issue 26: an operator's Hubs changed", () => {
  it("reaches the operator's logistics screens (Hub list, detail, Coletas) and the admins' teams and editors", () => {
    for (const key of [
      queryKeys.logistics.hubs,
      queryKeys.logistics.hub('BH-02'),
      queryKeys.logistics.collections,
      queryKeys.admin.hubStaff('BH-02'),
      queryKeys.admin.operatorHubs('u-1'),
    ]) {
      expect(reaches(keysForStaffChanged, key), JSON.stringify(key)).toBe(true);
    }
    expect(reaches(keysForStaffChanged, queryKeys.hubs.detail('BH-02'))).toBe(false);
  });
});

describe('issue 29: an alert was raised, acknowledged or resolved', () => {
  it("reaches the 'Alertas' page and the sidebar's count (one query), nothing else", () => {
    expect(reaches(keysForAlertsChanged, queryKeys.alerts.list)).toBe(true);
    expect(reaches(keysForAlertsChanged, queryKeys.logistics.hubs)).toBe(false);
  });
});
