import ChevronDown from 'lucide-react/icons/chevron-down';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChangeWebhook, useDeleteWebhook } from '../api/webhooks-api';
import { WEBHOOK_EVENT_LABELS } from '../event-labels';
import type { WebhookEndpoint } from '../types';
import { DeliveryLog } from './delivery-log';
import { toastError, toastSuccess } from './webhook-toasts';

/** One endpoint: its URL, status (Ativo/Pausado) and events; pause or resume, remove, its delivery log. */
export function WebhookItem({ partnerId, endpoint }: { partnerId: string; endpoint: WebhookEndpoint }) {
  const change = useChangeWebhook(partnerId);
  const remove = useDeleteWebhook(partnerId);
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const paused = endpoint.status === 'paused';
  const logId = `webhook-log-${endpoint.id}`;

  const toggle = async () => {
    try {
      await change.mutateAsync({ webhookId: endpoint.id, body: { paused: !paused } });
      toastSuccess(paused ? 'Webhook reativado' : 'Webhook pausado');
    } catch (error) {
      toastError(paused ? 'Erro ao reativar webhook' : 'Erro ao pausar webhook', error);
    }
  };

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(endpoint.id);
      setConfirming(false);
      toastSuccess('Webhook removido com sucesso');
    } catch (error) {
      toastError('Erro ao remover webhook', error);
    }
  };

  return (
    <li className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 break-all font-mono text-sm">
            {endpoint.url} <Badge variant={paused ? 'secondary' : 'success'}>{paused ? 'Pausado' : 'Ativo'}</Badge>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void toggle()} disabled={change.isPending}>
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />} {paused ? 'Reativar' : 'Pausar'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Remover webhook ${endpoint.url}`}>
            <Trash2 aria-hidden /> Remover
          </Button>
        </div>
      </div>
      <Button size="sm" variant="ghost" className="self-start" aria-expanded={open} aria-controls={logId} onClick={() => setOpen((o) => !o)}>
        <ChevronDown className={open ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden /> Entregas
      </Button>
      {open && (
        <div id={logId}>
          <DeliveryLog partnerId={partnerId} webhookId={endpoint.id} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remover webhook"
        description={`Tem certeza que deseja remover o webhook ${endpoint.url}? Nenhum evento será mais enviado a ele.`}
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </li>
  );
}
