import Inbox from 'lucide-react/icons/inbox';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAccessRequests, useApproveRequest, useDenyRequest } from '../api/access-admin';
import { DenyDialog } from '../components/deny-dialog';
import { RequestCard } from '../components/request-card';
import type { AccessRequestItem } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /dashboard/access-requests: requests for access to private Hubs, across Hubs, pending first
 * (oldest first), then the latest decisions. 'Aprovar' in one click, 'Recusar' asks the reason.
 * Live: 'access:changed' pushes refetch it, so a new request appears without a reload.
 */
export default function AccessRequestsPage() {
  const requests = useAccessRequests();
  const approve = useApproveRequest();
  const deny = useDenyRequest();
  const [denying, setDenying] = useState<AccessRequestItem | null>(null);

  usePageTitle('Solicitações de acesso', 'dashboard');

  const items = requests.data ?? [];
  const pending = items.filter((r) => r.status === 'pending');
  const decided = items.filter((r) => r.status !== 'pending');
  const busyId = approve.isPending ? approve.variables : deny.isPending ? deny.variables?.id : undefined;

  const onApprove = (request: AccessRequestItem) =>
    approve.mutate(request.id, {
      onSuccess: () => toast.success(`Acesso de ${request.userName} aprovado.`),
      onError: (error) => toast.error(errorMessage(error, 'Erro ao aprovar a solicitação.')),
    });
  const onDeny = (reason: string) => {
    const request = denying;
    if (!request) return;
    deny.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          toast.success(`Solicitação de ${request.userName} recusada.`);
          setDenying(null);
        },
        onError: (error) => toast.error(errorMessage(error, 'Erro ao recusar a solicitação.')),
      },
    );
  };

  const card = (r: AccessRequestItem) => (
    <li key={r.id}>
      <RequestCard request={r} busy={busyId === r.id} onApprove={() => onApprove(r)} onDeny={() => setDenying(r)} />
    </li>
  );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Solicitações de acesso</h1>
        <p className="text-muted-foreground">
          {requests.data
            ? `${pending.length} ${pending.length === 1 ? 'solicitação pendente' : 'solicitações pendentes'} nos Hubs privados.`
            : 'Pedidos de acesso aos Hubs privados.'}
        </p>
      </div>
      {requests.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Carregando solicitações...">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : requests.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-5">
          <p className="font-medium text-destructive">{errorMessage(requests.error, 'Erro ao carregar as solicitações.')}</p>
          <Button variant="outline" onClick={() => void requests.refetch()} disabled={requests.isFetching}>
            <RotateCw className={requests.isFetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="pending-title" className="flex flex-col gap-3">
            <h2 id="pending-title" className="text-lg font-semibold">
              Pendentes
            </h2>
            {pending.length === 0 ? (
              <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
                <Inbox className="size-10 text-muted-foreground" aria-hidden />
                <p className="text-lg font-semibold">Nenhuma solicitação pendente</p>
                <p className="text-muted-foreground">Quando alguém pedir acesso a um Hub privado, o pedido aparece aqui.</p>
              </div>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Solicitações pendentes">
                {pending.map(card)}
              </ul>
            )}
          </section>
          {decided.length > 0 && (
            <section aria-labelledby="decided-title" className="flex flex-col gap-3">
              <h2 id="decided-title" className="text-lg font-semibold">
                Decisões recentes
              </h2>
              <ul className="flex flex-col gap-3" aria-label="Decisões recentes">
                {decided.map(card)}
              </ul>
            </section>
          )}
        </>
      )}
      <DenyDialog key={denying?.id ?? 'none'} request={denying} pending={deny.isPending} onClose={() => setDenying(null)} onDeny={onDeny} />
    </div>
  );
}
