import { describe, expect, it } from 'vitest';
import { SettingsMessages } from '../../contract/settings/settings-schemas.js';
import { checkCard, wholeNumber } from '../../web/src/features/settings/settings-form.js';

describe('settings form rules', () => {
  it('puts each refusal under its field, with the domain pt-BR message', () => {
    expect(checkCard({ reservation_limit: 0, max_reservation_hours: 48 })).toEqual({ reservation_limit: SettingsMessages.reservationLimit });
    expect(checkCard({ reservation_limit: wholeNumber(''), max_reservation_hours: wholeNumber('') })).toEqual({
      reservation_limit: SettingsMessages.reservationLimit,
      max_reservation_hours: SettingsMessages.maxReservationHours,
    });
    expect(checkCard({ support_email: 'x', support_phone: '123' })).toMatchObject({ support_email: SettingsMessages.supportEmail });
    expect(checkCard({ company_name: 'Hub', support_email: 'suporte@hub.dev', support_phone: '(11) 4002-8922' })).toEqual({});
  });
});
