import type { PublicSettingsView, SettingsBodyInput, SettingsView } from './settings-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// The examples of the settings endpoints in the API reference: an admin lowers the renters'
// limit from 5 to 2 active reservations.

const settings = {
  company_name: 'Hub',
  support_email: 'suporte@hub.dev',
  support_phone: '1140028922',
  email_notifications: true,
  webhooks_enabled: true,
  api_access_enabled: true,
  reservation_limit: 2,
  max_reservation_hours: 48,
  maintenance_mode: false,
  api_reference_url: '/api/docs',
  updated_at: '2026-11-27T14:00:00.000Z',
  updated_by: EXAMPLE_IDS.admin,
} satisfies SettingsView;

export const settingsExamples = {
  getSettings: { response: settings },
  putSettings: { body: { reservation_limit: 2 } satisfies SettingsBodyInput, response: settings },
  publicSettings: {
    response: {
      company_name: 'Hub',
      support_email: 'suporte@hub.dev',
      support_phone: '1140028922',
      maintenance_mode: false,
      maintenance_message: null,
    } satisfies PublicSettingsView,
  },
};
