import List from 'lucide-react/icons/list';
import MapIcon from 'lucide-react/icons/map';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth';
import { useHubs } from '../api/get-hubs';
import { HubList } from '../components/home/hub-list';
import { HubMap } from '../components/home/hub-map';
import { HubsError, HubsLoading } from '../components/home/hubs-status';
import { availableLockers } from '../components/home/home-utils';
import { SignupPromo } from '../components/home/signup-promo';
import type { HubMapSummary } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

type View = 'mapa' | 'lista';

// Home (/): find a Hub on a map or in a list. Availability stays live: the realtime provider
// invalidates the Hubs list on every push and this query refetches.
export default function HomePage() {
  usePageTitle(null);
  const { isAuthenticated } = useAuth();
  const hubsQuery = useHubs();
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

  const hubs = hubsQuery.data;
  const content = (render: (hubs: HubMapSummary[]) => ReactNode) => {
    if (hubs) return render(hubs);
    if (hubsQuery.isError) return <HubsError onRetry={() => hubsQuery.refetch()} retrying={hubsQuery.isFetching} />;
    return <HubsLoading variant="list" />;
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Tabs value={view} onValueChange={setView} className="space-y-6">
        <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Encontre um Hub</h1>
            <p className="text-base text-muted-foreground sm:text-lg">Localize e reserve um locker próximo a você</p>
            {/* The live summary's line is kept from the start, so its arrival moves nothing below. */}
            <div className="min-h-6">{hubs && hubs.length > 0 && <Summary hubs={hubs} />}</div>
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
          {hubsQuery.isError && !hubs ? <HubsError onRetry={() => hubsQuery.refetch()} retrying={hubsQuery.isFetching} /> : <HubMap hubs={hubs ?? null} />}
        </TabsContent>
        <TabsContent value="lista" className="mt-0 focus-visible:outline-offset-4">
          {content((list) => (
            <HubList hubs={list} />
          ))}
        </TabsContent>

        {!isAuthenticated && <SignupPromo />}
      </Tabs>
    </div>
  );
}

function Summary({ hubs }: { hubs: HubMapSummary[] }) {
  const free = hubs.reduce((sum, hub) => sum + availableLockers(hub), 0);
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
        <strong className="font-semibold text-foreground">{hubs.length}</strong> {hubs.length === 1 ? 'Hub' : 'Hubs'}
      </span>
      <span aria-hidden>·</span>
      <span>
        <strong className="font-semibold text-foreground">{free}</strong> {free === 1 ? 'locker livre agora' : 'lockers livres agora'}
      </span>
    </p>
  );
}
