import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { savePreferences, useNotificationPreferences } from '../api/notifications-api';
import { pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from '../push-subscription';

type Channel = 'email' | 'in_app' | 'push';

const CHANNELS: { key: Channel; label: string; hint: string }[] = [
  { key: 'email', label: 'E-mail', hint: 'Lembretes 30 minutos antes do fim e aviso de reserva encerrada.' },
  { key: 'in_app', label: 'No app', hint: 'Avisos no sino do topo da página.' },
  { key: 'push', label: 'Notificações push', hint: 'Avisos deste navegador, mesmo com o Hub fechado.' },
];

/** The profile's switches for where reminders go (issue 28 item 7), saved on the server. */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Channel | null>(null);
  const baseId = useId();

  const toggle = async (channel: Channel, on: boolean) => {
    setSaving(channel);
    try {
      if (channel === 'push' && on && prefs.data?.push_public_key) {
        if (!(await subscribeThisBrowser(prefs.data.push_public_key))) {
          toast.error('O navegador não permitiu notificações.', { description: 'Libere as notificações do Hub nas configurações do navegador.' });
          return;
        }
      }
      if (channel === 'push' && !on && pushSupported()) await unsubscribeThisBrowser().catch(() => undefined);
      const saved = await savePreferences({ [channel]: on });
      queryClient.setQueryData(queryKeys.notifications.preferences, saved);
      toast.success(on ? 'Aviso ligado.' : 'Aviso desligado.');
    } catch (caught) {
      toast.error('Erro ao salvar a preferência.', { description: errorMessage(caught, 'Tente novamente.') });
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3 border-t pt-4" data-testid="notification-preferences">
      <h2 id={`${baseId}-title`} className="font-semibold">
        Notificações
      </h2>
      {prefs.isPending ? (
        <p className="text-muted-foreground">Carregando preferências...</p>
      ) : prefs.isError ? (
        <p className="text-destructive">Erro ao carregar as preferências.</p>
      ) : (
        CHANNELS.map(({ key, label, hint }) => {
          const unavailable = key === 'push' && (!prefs.data.push_available || !pushSupported());
          const checked = key === 'push' ? prefs.data.push && prefs.data.push_subscriptions > 0 : prefs.data[key];
          const id = `${baseId}-${key}`;
          return (
            <div key={key} className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Label htmlFor={id}>{label}</Label>
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {unavailable ? 'Indisponível neste navegador ou servidor.' : hint}
                </p>
              </div>
              <Switch
                id={id}
                aria-describedby={`${id}-hint`}
                checked={!unavailable && checked}
                disabled={unavailable || saving !== null}
                onCheckedChange={(on) => void toggle(key, on)}
              />
            </div>
          );
        })
      )}
    </section>
  );
}
