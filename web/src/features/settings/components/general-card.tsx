import { useState } from 'react';
import type { SettingsView } from '@contract/settings/settings-schemas';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { SettingsCard, ToggleRow } from './settings-card';
import { useCardSave } from './use-card-save';

/** Geral: company name, support e-mail and phone, e-mail notifications. */
export function GeneralCard({ settings }: { settings: SettingsView }) {
  const [companyName, setCompanyName] = useState(settings.company_name);
  const [supportEmail, setSupportEmail] = useState(settings.support_email);
  const [supportPhone, setSupportPhone] = useState(settings.support_phone);
  const [notifications, setNotifications] = useState(settings.email_notifications);
  const { submit, errors, serverError, pending } = useCardSave('Configurações gerais salvas com sucesso!');
  const save = () => void submit({ company_name: companyName, support_email: supportEmail, support_phone: supportPhone, email_notifications: notifications });

  return (
    <SettingsCard
      id="settings-general"
      title="Geral"
      description="Como a empresa aparece e como os clientes falam com o suporte."
      pending={pending}
      error={serverError}
      onSave={save}
    >
      <FormField id="company-name" label="Nome da empresa" error={errors.company_name}>
        <Input id="company-name" value={companyName} onChange={(e) => setCompanyName(e.target.value)} {...fieldAria('company-name', errors.company_name)} />
      </FormField>
      <FormField id="support-email" label="E-mail de suporte" hint="Recebe as mensagens do formulário de contato." error={errors.support_email}>
        <Input
          id="support-email"
          {...emailInputProps}
          placeholder="suporte@empresa.com"
          value={supportEmail}
          onChange={(e) => setSupportEmail(e.target.value)}
          {...fieldAria('support-email', errors.support_email, true)}
        />
      </FormField>
      <FormField id="support-phone" label="Telefone de suporte" hint="DDD e número, 10 ou 11 dígitos." error={errors.support_phone}>
        <Input
          id="support-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 4002-8922"
          value={supportPhone}
          onChange={(e) => setSupportPhone(e.target.value)}
          {...fieldAria('support-phone', errors.support_phone, true)}
        />
      </FormField>
      <ToggleRow
        id="email-notifications"
        label="Notificações por e-mail"
        hint="Avisos aos clientes sobre reservas e acessos. E-mails de conta (senha, confirmação) sempre são enviados."
      >
        <Switch id="email-notifications" checked={notifications} onCheckedChange={setNotifications} aria-describedby="email-notifications-hint" />
      </ToggleRow>
    </SettingsCard>
  );
}
