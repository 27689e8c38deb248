import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error.js';
import { checkSettings } from '../../domain/settings/settings-decide.js';
import type { PlatformSettings } from '../../domain/settings/settings-events.js';
import { domainIssue } from '../shared/domain-issue.js';

// The wire shapes of the platform's settings (issue 27 items 6–7), under the spec's names. The
// domain's rules (domain/settings/settings-decide.ts) refuse a bad value here first, with the
// same code and message, and the dashboard's form shows that message.

/** The wire name of each setting (once, here: the API and the web both read it). */
export const SETTING_WIRE_NAMES = {
  companyName: 'company_name',
  supportEmail: 'support_email',
  supportPhone: 'support_phone',
  emailNotifications: 'email_notifications',
  webhooksEnabled: 'webhooks_enabled',
  apiAccessEnabled: 'api_access_enabled',
  reservationLimit: 'reservation_limit',
  maxReservationHours: 'max_reservation_hours',
  maintenanceMode: 'maintenance_mode',
} as const satisfies Record<keyof PlatformSettings, string>;

const values = {
  company_name: z.string().trim(),
  support_email: z.string().trim().toLowerCase(),
  /** Digits only; punctuation is dropped. '' publishes none. */
  support_phone: z.string().transform((s) => s.replace(/\D/g, '')),
  email_notifications: z.boolean(),
  webhooks_enabled: z.boolean(),
  api_access_enabled: z.boolean(),
  reservation_limit: z.number().int(),
  max_reservation_hours: z.number().int(),
  maintenance_mode: z.boolean(),
};

export type SettingsWire = { [K in keyof PlatformSettings as (typeof SETTING_WIRE_NAMES)[K]]: PlatformSettings[K] };

/** The wire body as the domain's changes. */
export function changesFromWire(body: Partial<SettingsWire>): Partial<PlatformSettings> {
  const changes: Record<string, unknown> = {};
  for (const [key, wire] of Object.entries(SETTING_WIRE_NAMES)) {
    const value = (body as Record<string, unknown>)[wire];
    if (value !== undefined) changes[key] = value;
  }
  return changes;
}

export function settingsToWire(settings: PlatformSettings): SettingsWire {
  const wire: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(SETTING_WIRE_NAMES)) wire[name] = settings[key as keyof PlatformSettings];
  return wire as SettingsWire;
}

/** PUT /api/settings: any of the settings (a card saves its own); what is left out stays. */
export const SettingsBody = z
  .object(values)
  .partial()
  .strict()
  .superRefine((body, ctx) => {
    try {
      checkSettings(changesFromWire(body));
    } catch (error) {
      if (error instanceof DomainError) ctx.addIssue(domainIssue(error.code, error.message));
      else throw error;
    }
  });

export const Settings = z.object({
  ...values,
  support_phone: z.string(),
  /**
   * Where integrators read the API. Hub has no platform-wide API key: each partner's token is
   * generated on the partner's page and shown once, so nothing secret is shown here.
   */
  api_reference_url: z.string(),
  /** The last change (null while every value is the environment's). */
  updated_at: z.iso.datetime().nullable(),
  updated_by: z.string().nullable(),
});

/** GET /api/settings/public: what the public pages show (the maintenance banner, the contact). */
export const PublicSettings = z.object({
  company_name: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  maintenance_mode: z.boolean(),
  /** The banner's text while maintenance_mode is on, else null. */
  maintenance_message: z.string().nullable(),
});

export type SettingsView = z.infer<typeof Settings>;
export type PublicSettingsView = z.infer<typeof PublicSettings>;
export type SettingsBodyInput = z.input<typeof SettingsBody>;

/** The domain's messages and bounds, for the dashboard's form. */
export { SettingsMessages, SETTINGS_BOUNDS } from '../../domain/settings/settings-decide.js';
