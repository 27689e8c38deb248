import BellOff from 'lucide-react/icons/bell-off';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAcknowledgeAlert, useAlerts, useResolveAlert } from '../api/alerts-api';
import { AlertCard } from '../components/alert-card';
import { alertKindLabel } from '../labels';
import type { AlertItem } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /dashboard/alerts (admins and logistics): the alerts of the caller's Hubs, open first, then
 * acknowledged, then the latest resolved. Live: 'alerts:changed' pushes refetch it (and the
 * sidebar's count), with a poll as the fallback.
 */
export default function AlertsPage() {
  const alerts = useAlerts();
  const acknowledge = useAcknowledgeAlert();
  const resolve = useResolveAlert();

  usePageTitle('Alertas', 'dashboard');

  const items = alerts.data?.alerts ?? [];
  const active = items.filter((a) => a.status !== 'resolved');
  const resolved = items.filter((a) => a.status === 'resolved');
  const busyId = acknowledge.isPending ? acknowledge.variables : resolve.isPending ? resolve.variables : undefined;

  const onAcknowledge = (alert: AlertItem) =>
    acknowledge.mutate(alert.id, {
      onSuccess: () => toast.success(`Alerta "${alertKindLabel(alert.kind)}" reconhecido.`),
      onError: (error) => toast.error(errorMessage(error, 'Erro ao reconhecer o alerta.')),
    });
  const onResolve = (alert: AlertItem) =>
    resolve.mutate(alert.id, {
      onSuccess: () => toast.success(`Alerta "${alertKindLabel(alert.kind)}" resolvido.`),
      onError: (error) => toast.error(errorMessage(error, 'Erro ao resolver o alerta.')),
    });

  const card = (a: AlertItem) => (
    <li key={a.id}>
      <AlertCard alert={a} busy={busyId === a.id} onAcknowledge={() => onAcknowledge(a)} onResolve={() => onResolve(a)} />
    </li>
  );

  const counts = alerts.data?.counts;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Alertas</h1>
        <p className="text-muted-foreground">
          {counts
            ? `${counts.open} ${counts.open === 1 ? 'aberto' : 'abertos'}, ${counts.acknowledged} ${counts.acknowledged === 1 ? 'reconhecido' : 'reconhecidos'}.`
            : 'Portas emperradas, arrombadas ou abertas há muito tempo, e controladores offline.'}
        </p>
      </div>
      {alerts.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Carregando alertas...">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : alerts.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-5">
          <p className="font-medium text-destructive">{errorMessage(alerts.error, 'Erro ao carregar os alertas.')}</p>
          <Button variant="outline" onClick={() => void alerts.refetch()} disabled={alerts.isFetching}>
            <RotateCw className={alerts.isFetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="active-alerts-title" className="flex flex-col gap-3">
            <h2 id="active-alerts-title" className="text-lg font-semibold">
              Em aberto
            </h2>
            {active.length === 0 ? (
              <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
                <BellOff className="size-10 text-muted-foreground" aria-hidden />
                <p className="text-lg font-semibold">Nenhum alerta aberto.</p>
                <p className="text-muted-foreground">
                  Quando uma porta emperrar, for aberta sem comando ou um controlador ficar offline, o alerta aparece aqui.
                </p>
              </div>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Alertas em aberto">
                {active.map(card)}
              </ul>
            )}
          </section>
          {resolved.length > 0 && (
            <section aria-labelledby="resolved-alerts-title" className="flex flex-col gap-3">
              <h2 id="resolved-alerts-title" className="text-lg font-semibold">
                Resolvidos recentemente
              </h2>
              <ul className="flex flex-col gap-3" aria-label="Alertas resolvidos">
                {resolved.map(card)}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
