import ArrowLeft from 'lucide-react/icons/arrow-left';
import MapPin from 'lucide-react/icons/map-pin';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import Pencil from 'lucide-react/icons/pencil';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { canManageHubs, canRunPickups, dashboardRoleOf } from '@/features/dashboard';
import { useHubRoom } from '@/features/realtime';
import { HubDoorsCard } from '@/features/doors';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLogisticsHub } from '../api/get-logistics-hub';
import { HubCounters } from '../components/hub-counters';
import { HubNotFound, isMissing } from '../components/hub-not-found';
import { HubReservationsTable } from '../components/hub-reservations-table';
import { LoadError, LoadingBlocks } from '../components/load-states';
import { hubAddress } from '../components/logistics-hub-card';
import { hubFormPath, LOGISTICS_HUBS, terminalPath } from '../components/logistics-paths';
import { PickupButton } from '../components/pickup-button';
import type { LogisticsHubDetail } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

/** /dashboard/logistics/hubs/:id (spec "Logistics {product} detail"). */
export default function LogisticsHubDetailPage() {
  const { id = '' } = useParams();
  // Locker and Hub pushes arrive in the Hub's room; pickups through 'collections:changed'.
  useHubRoom(id ? id.toUpperCase() : undefined);
  const query = useLogisticsHub(id);

  usePageTitle(query.data ? query.data.hub.name : 'Hub', 'dashboard');

  if (query.isPending) return <LoadingBlocks label="Carregando Hub..." count={3} className="h-28" />;
  if (query.isError) {
    if (query.error instanceof ApiError && isMissing(query.error.status)) return <HubNotFound />;
    return <LoadError message={errorMessage(query.error, 'Erro ao carregar o Hub.')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <Detail data={query.data} />;
}

function Detail({ data }: { data: LogisticsHubDetail }) {
  const { hub, counters, reservations } = data;
  const address = [hubAddress(hub), hub.zipcode, hub.country].filter(Boolean).join(' · ');
  // Editing a Hub is the admins' (ADR 0019): staff get no button the server would refuse.
  const role = dashboardRoleOf(useAuth().user);
  const canEdit = canManageHubs(role);
  // Maintenance reads the Hub; the terminal and pickups are logistics' (docs/adr/0020).
  const canPickup = canRunPickups(role);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="space-y-3">
        <Link to={LOGISTICS_HUBS} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Hubs
        </Link>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 space-y-1">
            <h1 className="break-words text-2xl font-bold tracking-tight">{hub.name}</h1>
            <p className="flex items-start gap-2 text-muted-foreground">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{address || 'Endereço não informado'}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 lg:shrink-0">
            {canEdit && (
              <Button asChild variant="outline">
                <Link to={hubFormPath(hub.id)}>
                  <Pencil aria-hidden /> Editar
                </Link>
              </Button>
            )}
            {canPickup && (
              <>
                <Button asChild variant="outline">
                  <Link to={terminalPath(hub.id)}>
                    <MonitorSmartphone aria-hidden /> Terminal
                  </Link>
                </Button>
                <PickupButton hubId={hub.id} hubName={hub.name} />
              </>
            )}
          </div>
        </div>
      </header>
      <HubCounters counters={counters} />
      {/* Issue 29: the controller and each door, live. */}
      <HubDoorsCard hubId={hub.id} />
      <section className="space-y-3" aria-labelledby="reservations-title">
        <h2 id="reservations-title" className="text-lg font-semibold">
          Reservas
        </h2>
        <HubReservationsTable reservations={reservations} showRenter={canPickup} />
      </section>
    </div>
  );
}
