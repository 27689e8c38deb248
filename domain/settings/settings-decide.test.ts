import { describe, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { settingsDecider } from './settings-decide.js';
import type { PlatformSettings, SettingsEvent } from './settings-events.js';

const given = specFor(settingsDecider);
const by = '0190f0a0-0000-7000-8000-0000000000ad';
const at = '2026-11-27T12:00:00.000Z';
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
const change = (changes: Partial<PlatformSettings>) => ({ type: 'ChangeSettings' as const, changes, defaults, by, at });
const changed = (changes: Partial<PlatformSettings>): SettingsEvent => ({ type: 'SettingsChanged', data: { changes, by, at } });

describe('settings', () => {
  it('records what differs from the values in force, with the actor', () => {
    given([])
      .when(change({ reservationLimit: 2, maxReservationHours: 48, maintenanceMode: true }))
      .then([changed({ reservationLimit: 2, maintenanceMode: true })]);
  });

  it('records nothing when every value is the one in force', () => {
    given([changed({ reservationLimit: 2 })])
      .when(change({ reservationLimit: 2, companyName: 'Hub' }))
      .then([]);
  });

  it('goes back to a default value as a change', () => {
    given([changed({ reservationLimit: 2 })])
      .when(change({ reservationLimit: 5 }))
      .then([changed({ reservationLimit: 5 })]);
  });

  it('refuses a limit or hours below 1 or above their ceiling', () => {
    given([])
      .when(change({ reservationLimit: 0 }))
      .thenFails('invalid_reservation_limit');
    given([])
      .when(change({ reservationLimit: 51 }))
      .thenFails('invalid_reservation_limit');
    given([])
      .when(change({ reservationLimit: 1.5 }))
      .thenFails('invalid_reservation_limit');
    given([])
      .when(change({ maxReservationHours: 0 }))
      .thenFails('invalid_max_reservation_hours');
    given([])
      .when(change({ maxReservationHours: 745 }))
      .thenFails('invalid_max_reservation_hours');
  });

  it('refuses an empty company name, an invalid support e-mail or phone', () => {
    given([])
      .when(change({ companyName: '  ' }))
      .thenFails('invalid_company_name');
    given([])
      .when(change({ supportEmail: 'suporte' }))
      .thenFails('invalid_support_email');
    given([])
      .when(change({ supportPhone: '11999' }))
      .thenFails('invalid_support_phone');
    given([])
      .when(change({ supportPhone: '11999998888' }))
      .then([changed({ supportPhone: '11999998888' })]);
    given([changed({ supportPhone: '1133334444' })])
      .when(change({ supportPhone: '' }))
      .then([changed({ supportPhone: '' })]);
  });
});
