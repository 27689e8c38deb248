import Loader2 from 'lucide-react/icons/loader-circle';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useReplayDelivery, useWebhookDeliveries } from '../api/webhooks-api';
import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS } from '../event-labels';
import type { WebhookDelivery } from '../types';
import { toastError, toastSuccess } from './webhook-toasts';

const statusVariant = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;

/** One endpoint's deliveries, newest first: event, status, attempts, last status code, latency, time; 'Reenviar' each. */
export function DeliveryLog({ partnerId, webhookId }: { partnerId: string; webhookId: string }) {
  const deliveries = useWebhookDeliveries(partnerId, webhookId, true);
  const replay = useReplayDelivery(partnerId);

  const run = async (delivery: WebhookDelivery) => {
    try {
      await replay.mutateAsync({ webhookId, deliveryId: delivery.id });
      toastSuccess('Entrega reenviada');
    } catch (error) {
      toastError('Erro ao reenviar entrega', error);
    }
  };

  if (deliveries.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Carregando entregas...
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
        Erro ao carregar entregas
        <Button size="sm" variant="outline" onClick={() => void deliveries.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">Nenhuma entrega ainda.</p>;

  return (
    <div className="overflow-x-auto">
      <Table aria-label="Entregas do webhook">
        <TableHeader>
          <TableRow>
            <TableHead>Evento</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Tentativas</TableHead>
            <TableHead>Último código</TableHead>
            <TableHead>Latência</TableHead>
            <TableHead>Data</TableHead>
            <TableHead>
              <span className="sr-only">Ações</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.data.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{WEBHOOK_EVENT_LABELS[d.event_type]}</TableCell>
              <TableCell>
                <Badge variant={statusVariant[d.status]}>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell>{d.last_status_code ?? (d.last_error ? 'Sem resposta' : '—')}</TableCell>
              <TableCell>{d.last_latency_ms === null ? '—' : `${d.last_latency_ms} ms`}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(d.last_attempt_at ?? d.created_at)}</TableCell>
              <TableCell>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void run(d)}
                  disabled={replay.isPending}
                  aria-label={`Reenviar ${WEBHOOK_EVENT_LABELS[d.event_type]}`}
                >
                  <RotateCw aria-hidden /> Reenviar
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
