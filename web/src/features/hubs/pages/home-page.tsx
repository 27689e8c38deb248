import List from 'lucide-react/icons/list';
import MapIcon from 'lucide-react/icons/map';
import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth';
import { useHomeHubs } from '../api/use-home-hubs';
import { HubList } from '../components/home/hub-list';
import { HubMap } from '../components/home/hub-map';
import { HubsError, HubsLoading } from '../components/home/hubs-status';
import { availableLockers } from '../components/home/home-utils';
import { SignupPromo } from '../components/home/signup-promo';
import { useGoogleMapState } from '../components/home/use-google-map-state';
import type { HubMapSummary } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

type View = 'mapa' | 'lista';

// Home (/): find a Hub on a map or in a list. With the live map the Hubs come by visible area,
// clustered when zoomed out (use-home-hubs.ts); the list tab pages through the same Hubs.
// Availability stays live: the realtime provider invalidates the Hubs lists on every push and
// these queries refetch.
export default function HomePage() {
  usePageTitle(null);
  const { isAuthenticated } = useAuth();
  const mapState = useGoogleMapState();
  const hubsQuery = useHomeHubs(mapState.showsGoogleMap);
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('visao') === 'lista' ? 'lista' : 'mapa';

  const setView = (next: string) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'lista') updated.set('visao', 'lista');
        else updated.delete('visao');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const hubs = hubsQuery.hubs;
  const area = hubsQuery.byArea ? hubsQuery.area : undefined;
  const ready = hubs && (!hubsQuery.byArea || area);
  const clustered = area ? area.total - (hubs?.length ?? 0) : 0;
  // The list tab waits for the Hubs; the map tab draws its panel before them (below).
  const list = ready ? (
    <HubList hubs={hubs} elsewhere={clustered} />
  ) : hubsQuery.isError ? (
    <HubsError onRetry={hubsQuery.refetch} retrying={hubsQuery.isFetching} />
  ) : (
    <HubsLoading variant="list" />
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Tabs value={view} onValueChange={setView} className="space-y-6">
        <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Encontre um Hub</h1>
            <p className="text-base text-muted-foreground sm:text-lg">Localize e reserve um locker próximo a você</p>
            {/* The live summary's line is kept from the start, so its arrival moves nothing below. */}
            <div className="min-h-6">{ready && (area ? area.total > 0 : hubs.length > 0) && <Summary hubs={hubs} total={area?.total} />}</div>
          </div>
          <TabsList className="grid h-11 w-full grid-cols-2 sm:inline-flex sm:w-auto" aria-label="Modo de visualização">
            <TabsTrigger value="mapa" className="h-9 px-5">
              <MapIcon aria-hidden />
              Mapa
            </TabsTrigger>
            <TabsTrigger value="lista" className="h-9 px-5">
              <List aria-hidden />
              Lista
            </TabsTrigger>
          </TabsList>
        </header>

        <TabsContent value="mapa" className="mt-0 focus-visible:outline-offset-4">
          {/* The map panel draws before the Hubs arrive (its list says 'Carregando Hubs...'): a phone
              sees the page at once instead of after one more round trip. */}
          {hubsQuery.isError && !ready ? (
            <HubsError onRetry={hubsQuery.refetch} retrying={hubsQuery.isFetching} />
          ) : (
            <HubMap
              hubs={ready ? hubs : null}
              mapState={mapState}
              area={
                area && hubsQuery.byArea
                  ? { clusters: area.clusters, initialCentre: area.initialCentre, anyHub: area.anyHub, onViewChange: hubsQuery.onViewChange }
                  : undefined
              }
            />
          )}
        </TabsContent>
        <TabsContent value="lista" className="mt-0 focus-visible:outline-offset-4">
          {list}
        </TabsContent>

        {!isAuthenticated && <SignupPromo />}
      </Tabs>
    </div>
  );
}

/** Counts of what is shown: every Hub, or, by area, the area's (free lockers only when none is in a cluster). */
function Summary({ hubs, total }: { hubs: HubMapSummary[]; total?: number }) {
  const count = total ?? hubs.length;
  const free = count === hubs.length ? hubs.reduce((sum, hub) => sum + availableLockers(hub), 0) : null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5 font-medium text-success" title="Disponibilidade atualizada em tempo real">
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
          <span className="relative inline-flex size-2 rounded-full bg-success" />
        </span>
        Ao vivo
      </span>
      <span aria-hidden>·</span>
      <span>
        <strong className="font-semibold text-foreground">{count.toLocaleString('pt-BR')}</strong> {count === 1 ? 'Hub' : 'Hubs'}
        {total !== undefined && ' nesta área'}
      </span>
      {free !== null && (
        <>
          <span aria-hidden>·</span>
          <span>
            <strong className="font-semibold text-foreground">{free}</strong> {free === 1 ? 'locker livre agora' : 'lockers livres agora'}
          </span>
        </>
      )}
    </p>
  );
}
