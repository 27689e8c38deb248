import type { Decider } from '../shared/decider.js';
import { invalid } from '../shared/domain-error.js';
import type { PlatformSettings, SettingsChanges, SettingsEvent, SettingsState } from './settings-events.js';
import { SETTING_KEYS, effectiveSettings, evolveSettings, initialSettingsState } from './settings-events.js';

// The rules of the platform's settings. The defaults (the environment) come in with the command,
// so a change equal to the value in force records nothing.

export const SETTINGS_BOUNDS = {
  reservationLimit: { min: 1, max: 50 },
  /** The same ceiling as MAX_RESERVATION_HOURS (infra/config.ts: prices stay in integer cents). */
  maxReservationHours: { min: 1, max: 744 },
  companyName: { max: 100 },
} as const;

export const SettingsMessages = {
  reservationLimit: `O limite de reservas por usuário deve ser um número inteiro de ${SETTINGS_BOUNDS.reservationLimit.min} a ${SETTINGS_BOUNDS.reservationLimit.max}.`,
  maxReservationHours: `O tempo máximo de reserva deve ser um número inteiro de ${SETTINGS_BOUNDS.maxReservationHours.min} a ${SETTINGS_BOUNDS.maxReservationHours.max} horas.`,
  companyName: `Informe o nome da empresa (até ${SETTINGS_BOUNDS.companyName.max} caracteres).`,
  supportEmail: 'Informe um e-mail de suporte válido.',
  supportPhone: 'O telefone de suporte deve ter 10 ou 11 dígitos (DDD e número).',
  maintenance: 'O Hub está em manutenção. Novas reservas estão temporariamente suspensas.',
} as const;

export interface ChangeSettings {
  type: 'ChangeSettings';
  changes: SettingsChanges;
  /** The values in force when nothing was changed (the environment). */
  defaults: PlatformSettings;
  by: string;
  at: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const wholeIn = (n: number, b: { min: number; max: number }) => Number.isInteger(n) && n >= b.min && n <= b.max;

/** The first rule a change breaks, as a DomainError; nothing when all hold. */
export function checkSettings(changes: SettingsChanges): void {
  const c = changes;
  if (c.reservationLimit !== undefined && !wholeIn(c.reservationLimit, SETTINGS_BOUNDS.reservationLimit))
    throw invalid('invalid_reservation_limit', SettingsMessages.reservationLimit);
  if (c.maxReservationHours !== undefined && !wholeIn(c.maxReservationHours, SETTINGS_BOUNDS.maxReservationHours))
    throw invalid('invalid_max_reservation_hours', SettingsMessages.maxReservationHours);
  if (c.companyName !== undefined && (c.companyName.trim() === '' || c.companyName.length > SETTINGS_BOUNDS.companyName.max))
    throw invalid('invalid_company_name', SettingsMessages.companyName);
  if (c.supportEmail !== undefined && (c.supportEmail.length > 254 || !EMAIL.test(c.supportEmail)))
    throw invalid('invalid_support_email', SettingsMessages.supportEmail);
  if (c.supportPhone !== undefined && c.supportPhone !== '' && !/^\d{10,11}$/.test(c.supportPhone))
    throw invalid('invalid_support_phone', SettingsMessages.supportPhone);
}

function decide(command: ChangeSettings, state: SettingsState): SettingsEvent[] {
  checkSettings(command.changes);
  const now = effectiveSettings(command.defaults, state.overrides);
  const changes: SettingsChanges = {};
  for (const key of SETTING_KEYS) {
    const value = command.changes[key];
    if (value !== undefined && value !== now[key]) Object.assign(changes, { [key]: value });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SettingsChanged', data: { changes, by: command.by, at: command.at } }];
}

export const settingsDecider: Decider<ChangeSettings, SettingsEvent, SettingsState> = {
  decide,
  evolve: evolveSettings,
  initialState: initialSettingsState,
};
