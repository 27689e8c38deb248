import { describe, expect, it } from 'vitest';
import type { PlatformSettings } from '../domain/settings/settings-events.js';
import type { Queryable } from '../infra/db/queryable.js';
import { createSettingsReader } from './settings-reader.js';

const defaults: PlatformSettings = {
  companyName: 'Hub',
  supportEmail: 'suporte@hub.dev',
  supportPhone: '',
  emailNotifications: true,
  webhooksEnabled: true,
  apiAccessEnabled: true,
  reservationLimit: 5,
  maxReservationHours: 48,
  maintenanceMode: false,
};

/** rm_settings as a list of rows the test changes; counts the queries. */
function fakeDb() {
  const state = { rows: [] as { key: string; value: unknown; changed_by: string; changed_at: Date }[], queries: 0 };
  const db = {
    query: async () => {
      state.queries++;
      return { rows: state.rows };
    },
  } as unknown as Queryable;
  return { db, state };
}

describe('settings reader', () => {
  it('is the environment until a setting has a row, then that row', async () => {
    const { db, state } = fakeDb();
    let now = 0;
    const reader = createSettingsReader(db, defaults, { now: () => now });
    expect(await reader.current()).toEqual(defaults);
    state.rows = [{ key: 'reservationLimit', value: 2, changed_by: 'a', changed_at: new Date() }];
    now = 501;
    expect((await reader.current()).reservationLimit).toBe(2);
  });

  it('keeps what it read for at most maxAgeMs, and shares one read between concurrent callers', async () => {
    const { db, state } = fakeDb();
    let now = 0;
    const reader = createSettingsReader(db, defaults, { now: () => now, maxAgeMs: 500 });
    await Promise.all([reader.current(), reader.current(), reader.current()]);
    expect(state.queries).toBe(1);
    now = 499;
    await reader.current();
    expect(state.queries).toBe(1);
    now = 500;
    await reader.current();
    expect(state.queries).toBe(2);
  });

  it('reads again at once after invalidate (the change feed saw a change)', async () => {
    const { db, state } = fakeDb();
    const reader = createSettingsReader(db, defaults, { now: () => 0 });
    await reader.current();
    state.rows = [{ key: 'maintenanceMode', value: true, changed_by: 'a', changed_at: new Date() }];
    reader.invalidate();
    expect((await reader.current()).maintenanceMode).toBe(true);
    expect(state.queries).toBe(2);
  });
});
