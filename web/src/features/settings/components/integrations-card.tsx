import Copy from 'lucide-react/icons/copy';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SettingsView } from '@contract/settings/settings-schemas';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { SettingsCard, ToggleRow } from './settings-card';
import { useCardSave } from './use-card-save';

/**
 * Integrações: the spec's "masked API key with copy". Hub has no platform-wide API key (partners
 * each get their own token, shown once on the partner's page), so the card shows no secret: it
 * offers the API reference's address to copy, and the webhooks and API access switches.
 */
export function IntegrationsCard({ settings }: { settings: SettingsView }) {
  const [webhooks, setWebhooks] = useState(settings.webhooks_enabled);
  const [apiAccess, setApiAccess] = useState(settings.api_access_enabled);
  const { submit, serverError, pending } = useCardSave('Integrações salvas com sucesso!');
  const reference = new URL(settings.api_reference_url, window.location.origin).toString();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      toast.success('Endereço copiado para a área de transferência');
    } catch {
      toast.error('Não foi possível copiar. Selecione o endereço e copie manualmente.');
    }
  };

  return (
    <SettingsCard
      id="settings-integrations"
      title="Integrações"
      description="A API de parceiros e os webhooks."
      pending={pending}
      error={serverError}
      onSave={() => void submit({ webhooks_enabled: webhooks, api_access_enabled: apiAccess })}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="api-reference">Referência da API</Label>
        <div className="flex gap-2">
          <input
            id="api-reference"
            readOnly
            value={reference}
            aria-describedby="api-reference-hint"
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-muted px-3 font-mono text-sm"
          />
          <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copiar endereço da referência da API">
            <Copy aria-hidden />
          </Button>
        </div>
        <p id="api-reference-hint" className="text-xs text-muted-foreground">
          Não há chave de API única da plataforma: cada parceiro gera o próprio token na página do parceiro, mostrado uma só vez.
        </p>
      </div>
      <ToggleRow id="webhooks-enabled" label="Webhooks" hint="Desligado, nenhum evento é enviado aos endereços dos parceiros.">
        <Switch id="webhooks-enabled" checked={webhooks} onCheckedChange={setWebhooks} aria-describedby="webhooks-enabled-hint" />
      </ToggleRow>
      <ToggleRow id="api-access-enabled" label="Acesso à API" hint="Desligado, a API de parceiros recusa todas as chamadas.">
        <Switch id="api-access-enabled" checked={apiAccess} onCheckedChange={setApiAccess} aria-describedby="api-access-enabled-hint" />
      </ToggleRow>
    </SettingsCard>
  );
}
