import Copy from 'lucide-react/icons/copy';
import Loader2 from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useCreateWebhook } from '../api/webhooks-api';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../event-labels';
import type { WebhookEventType } from '../types';
import { toastError, toastSuccess } from './webhook-toasts';

/**
 * 'Adicionar webhook': the URL and the events. The signing secret is shown this once, with a
 * copy button, like the API token (Hub does not keep it).
 */
export function AddWebhookForm({ partnerId }: { partnerId: string }) {
  const create = useCreateWebhook(partnerId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['reservation.created', 'reservation.paid']);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (event: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (events.length === 0) return setError('Escolha pelo menos um evento.');
    try {
      const created = await create.mutateAsync({ url: url.trim(), events: WEBHOOK_EVENTS.filter((ev) => events.includes(ev)) });
      setSecret(created.secret);
      setUrl('');
      toastSuccess('Webhook adicionado com sucesso');
    } catch (failure) {
      setError(errorMessage(failure, 'Erro ao adicionar webhook'));
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toastSuccess('Segredo copiado para a área de transferência');
    } catch (failure) {
      toastError('Erro ao copiar segredo', failure);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {secret && (
        <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
          <label htmlFor="webhook-secret" className="text-sm font-medium text-amber-900">
            Copie o segredo de assinatura agora: ele não será mostrado de novo.
          </label>
          <div className="flex gap-2">
            <Input id="webhook-secret" readOnly value={secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copiar segredo">
              <Copy aria-hidden /> Copiar
            </Button>
          </div>
        </div>
      )}
      <form className="flex flex-col gap-3 rounded-md border p-4" onSubmit={(e) => void submit(e)} noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="webhook-url">URL do webhook</Label>
          <Input
            id="webhook-url"
            type="url"
            inputMode="url"
            placeholder="https://parceiro.example.com/hub"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'webhook-error' : undefined}
            required
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Eventos</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
                {WEBHOOK_EVENT_LABELS[event]} <code className="hidden text-xs text-muted-foreground sm:inline">{event}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p id="webhook-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending || !url.trim()}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} Adicionar webhook
          </Button>
        </div>
      </form>
    </div>
  );
}
