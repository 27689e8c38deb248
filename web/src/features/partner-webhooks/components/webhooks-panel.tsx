import Loader2 from 'lucide-react/icons/loader-circle';
import Webhook from 'lucide-react/icons/webhook';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWebhooks } from '../api/webhooks-api';
import { AddWebhookForm } from './add-webhook-form';
import { WebhookItem } from './webhook-item';

/**
 * A partner's webhooks (issue 27 item 4): its endpoints with status, add one (the secret shown
 * once), pause or resume, remove, and each one's delivery log with 'Reenviar'. Takes only the
 * partner's id, so it fits the admin's partner page and, later, a partner user's own page.
 */
export function WebhooksPanel({ partnerId }: { partnerId: string }) {
  const webhooks = useWebhooks(partnerId);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden /> Webhooks
        </CardTitle>
        <CardDescription>Hub envia os eventos das reservas do parceiro a estes endereços, assinados com o segredo de cada um.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {webhooks.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Carregando webhooks...
          </p>
        ) : webhooks.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
            Erro ao carregar webhooks
            <Button size="sm" variant="outline" onClick={() => void webhooks.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : webhooks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum webhook cadastrado.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Webhooks do parceiro">
            {webhooks.data.map((endpoint) => (
              <WebhookItem key={endpoint.id} partnerId={partnerId} endpoint={endpoint} />
            ))}
          </ul>
        )}
        <AddWebhookForm partnerId={partnerId} />
      </CardContent>
    </Card>
  );
}
