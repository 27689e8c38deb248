import type { DomainEvent } from '../shared/decider.js';

// The platform's settings (issue 27 items 6–7): one stream, `settings`, whose events say what an
// admin changed, who and when. The values not yet changed are the process's environment
// (MAX_ACTIVE_RESERVATIONS, MAX_RESERVATION_HOURS, SUPPORT_EMAIL...), passed in as defaults.

export interface PlatformSettings {
  companyName: string;
  supportEmail: string;
  /** Digits only (DDD and number), or '' when none is published. */
  supportPhone: string;
  /** Notices to renters (access revoked, staff notices); never account security mails. */
  emailNotifications: boolean;
  webhooksEnabled: boolean;
  apiAccessEnabled: boolean;
  /** Active reservations one renter may hold at once. */
  reservationLimit: number;
  maxReservationHours: number;
  /** New bookings refused; existing reservations, codes and doors keep working. */
  maintenanceMode: boolean;
}

export type SettingsChanges = Partial<PlatformSettings>;

export type SettingsEvent = DomainEvent<'SettingsChanged', { changes: SettingsChanges; by: string; at: string }>;

export const SETTINGS_EVENT_TYPES: ReadonlySet<string> = new Set(['SettingsChanged']);

export const SETTINGS_STREAM_ID = 'settings';

export const SETTING_KEYS = [
  'companyName',
  'supportEmail',
  'supportPhone',
  'emailNotifications',
  'webhooksEnabled',
  'apiAccessEnabled',
  'reservationLimit',
  'maxReservationHours',
  'maintenanceMode',
] as const satisfies readonly (keyof PlatformSettings)[];

/** What the log changed so far (the rest are the defaults). */
export interface SettingsState {
  overrides: SettingsChanges;
}

export const initialSettingsState = (): SettingsState => ({ overrides: {} });

export const evolveSettings = (state: SettingsState, event: SettingsEvent): SettingsState => ({ overrides: { ...state.overrides, ...event.data.changes } });

export const effectiveSettings = (defaults: PlatformSettings, overrides: SettingsChanges): PlatformSettings => ({ ...defaults, ...overrides });
