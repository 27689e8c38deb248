import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { PublicSettings, Settings, SettingsBody } from './settings-schemas.js';
import { settingsExamples } from './settings-examples.js';

// The platform's settings (issue 27 items 6–7): admins read and change them; the public pages
// read the maintenance banner and the support contact. A change holds in every API process
// within about a second, with no restart.

const refusals: ErrorCase[] = [
  { status: 400, code: 'invalid_reservation_limit', message: SettingsMessages.reservationLimit },
  { status: 400, code: 'invalid_max_reservation_hours', message: SettingsMessages.maxReservationHours },
  { status: 400, code: 'invalid_company_name', message: SettingsMessages.companyName },
  { status: 400, code: 'invalid_support_email', message: SettingsMessages.supportEmail },
  { status: 400, code: 'invalid_support_phone', message: SettingsMessages.supportPhone },
];

export const getSettings = endpoint({
  method: 'GET',
  path: '/api/settings',
  tag: 'Configurações',
  summary: 'As configurações da plataforma (valores do ambiente até um administrador mudá-los)',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: Settings },
  errors: [],
  examples: settingsExamples.getSettings,
});

export const putSettings = endpoint({
  method: 'PUT',
  path: '/api/settings',
  tag: 'Configurações',
  summary: 'Muda configurações da plataforma (as omitidas ficam como estão)',
  description:
    'Cada mudança é um evento com quem a fez. Responde quando a mudança já vale neste processo; os demais a seguem em até 1 s. Valores iguais aos atuais não gravam nada.',
  auth: 'bearer',
  role: 'admin',
  body: SettingsBody,
  responses: { 200: Settings },
  errors: refusals,
  examples: settingsExamples.putSettings,
});

export const getPublicSettings = endpoint({
  method: 'GET',
  path: '/api/settings/public',
  tag: 'Configurações',
  summary: 'O aviso de manutenção e o contato de suporte, para as páginas públicas',
  auth: 'public',
  responses: { 200: PublicSettings },
  errors: [],
  examples: settingsExamples.publicSettings,
});

export const settingsEndpoints = { getSettings, putSettings, getPublicSettings };
