import { useState } from 'react';
import type { SettingsView } from '@contract/settings/settings-schemas';
import { SETTINGS_BOUNDS } from '@contract/settings/settings-schemas';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { wholeNumber } from '../settings-form';
import { SettingsCard, ToggleRow } from './settings-card';
import { useCardSave } from './use-card-save';

/** Avançado: the booking limit per user, the maximum hours and maintenance mode. */
export function AdvancedCard({ settings }: { settings: SettingsView }) {
  const [limit, setLimit] = useState(String(settings.reservation_limit));
  const [hours, setHours] = useState(String(settings.max_reservation_hours));
  const [maintenance, setMaintenance] = useState(settings.maintenance_mode);
  const { submit, errors, serverError, pending } = useCardSave('Configurações avançadas salvas com sucesso!');
  const save = () => void submit({ reservation_limit: wholeNumber(limit), max_reservation_hours: wholeNumber(hours), maintenance_mode: maintenance });

  return (
    <SettingsCard
      id="settings-advanced"
      title="Avançado"
      description="Regras das reservas, valendo na hora para novas reservas."
      pending={pending}
      error={serverError}
      onSave={save}
    >
      <FormField
        id="reservation-limit"
        label="Limite de reservas por usuário"
        hint="Reservas ativas ao mesmo tempo (padrão 5, mínimo 1)."
        error={errors.reservation_limit}
      >
        <Input
          id="reservation-limit"
          type="number"
          inputMode="numeric"
          min={SETTINGS_BOUNDS.reservationLimit.min}
          max={SETTINGS_BOUNDS.reservationLimit.max}
          step={1}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          {...fieldAria('reservation-limit', errors.reservation_limit, true)}
        />
      </FormField>
      <FormField id="max-hours" label="Tempo máximo de reserva (horas)" hint="Padrão 48, mínimo 1." error={errors.max_reservation_hours}>
        <Input
          id="max-hours"
          type="number"
          inputMode="numeric"
          min={SETTINGS_BOUNDS.maxReservationHours.min}
          max={SETTINGS_BOUNDS.maxReservationHours.max}
          step={1}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          {...fieldAria('max-hours', errors.max_reservation_hours, true)}
        />
      </FormField>
      <ToggleRow
        id="maintenance-mode"
        label="Modo de manutenção"
        hint="Novas reservas ficam suspensas; reservas existentes, códigos e portas continuam funcionando."
      >
        <Switch id="maintenance-mode" checked={maintenance} onCheckedChange={setMaintenance} aria-describedby="maintenance-mode-hint" />
      </ToggleRow>
    </SettingsCard>
  );
}
