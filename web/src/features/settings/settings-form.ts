import { SettingsBody, SettingsMessages } from '@contract/settings/settings-schemas';
import type { SettingsChange } from './types';

// A card's fields checked with the contract's own schema (the domain's rules and pt-BR
// messages), before anything is sent: each refusal under its field, by the wire name.

export type FieldErrors = Partial<Record<keyof SettingsChange, string>>;

/** A field's own message for a value that is not even a whole number (the schema's type check). */
const MESSAGE_OF_FIELD: FieldErrors = {
  reservation_limit: SettingsMessages.reservationLimit,
  max_reservation_hours: SettingsMessages.maxReservationHours,
};

const FIELD_OF_CODE: Record<string, keyof SettingsChange> = {
  invalid_company_name: 'company_name',
  invalid_support_email: 'support_email',
  invalid_support_phone: 'support_phone',
  invalid_reservation_limit: 'reservation_limit',
  invalid_max_reservation_hours: 'max_reservation_hours',
};

/** The errors of a card's values, by field; empty when they may be saved. */
export function checkCard(body: SettingsChange): FieldErrors {
  const parsed = SettingsBody.safeParse(body);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const code = (issue as { params?: { domainCode?: string } }).params?.domainCode;
    const field = (code && FIELD_OF_CODE[code]) ?? (issue.path[0] as keyof SettingsChange | undefined);
    if (field && !errors[field]) errors[field] = code ? issue.message : (MESSAGE_OF_FIELD[field] ?? issue.message);
  }
  return errors;
}

/** A number field's text as the API takes it (NaN when it is no number: the schema refuses it). */
export const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
