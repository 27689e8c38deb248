import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { ControllerBadge, useControllers } from '@/features/doors';
import { useLogisticsHubs } from '../api/get-logistics-hubs';
import { hubAddress, LogisticsHubCard } from '../components/logistics-hub-card';
import { LoadError, LoadingBlocks } from '../components/load-states';
import { logisticsHubPath } from '../components/logistics-paths';
import type { LogisticsHubSummary } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

// Accents and case do not matter: 'sao paulo' finds 'São Paulo'.
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const matches = (hub: LogisticsHubSummary, query: string) => {
  const q = fold(query.trim());
  return q === '' || fold(hub.name).includes(q) || fold(hubAddress(hub)).includes(q);
};

/** /dashboard/logistics/hubs (spec "Logistics {product} list"): the assigned Hubs as cards. */
export default function LogisticsHubsPage() {
  const hubs = useLogisticsHubs();
  // Each Hub's controller (issue 29): a badge on its card, live.
  const controllers = useControllers();
  const [query, setQuery] = useState('');
  const shown = [...(hubs.data ?? [])].filter((hub) => matches(hub, query)).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  usePageTitle('Hubs da logística', 'dashboard');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Hubs</h1>
          <p className="text-muted-foreground">Os Hubs sob a sua responsabilidade.</p>
        </div>
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Buscar por nome ou endereço"
            placeholder="Buscar por nome ou endereço"
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>

      {hubs.isPending ? (
        <LoadingBlocks label="Carregando Hubs..." count={6} />
      ) : hubs.isError ? (
        <LoadError message={errorMessage(hubs.error, 'Não foi possível carregar os Hubs.')} onRetry={() => void hubs.refetch()} retrying={hubs.isFetching} />
      ) : shown.length === 0 ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          {/* No Hub at all (none assigned yet) is not a search without results (issue 26). */}
          <p className="text-lg font-semibold">{(hubs.data ?? []).length === 0 ? 'Nenhum Hub atribuído a você' : 'Nenhum resultado encontrado'}</p>
          {(hubs.data ?? []).length === 0 && <p className="text-muted-foreground">Um administrador atribui os Hubs que você atende.</p>}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Hubs">
          {shown.map((hub) => (
            <li key={hub.id} className="flex">
              <LogisticsHubCard hub={hub} to={logisticsHubPath(hub.id)}>
                {(() => {
                  const controller = controllers.data?.find((c) => c.hub_id === hub.id);
                  return controller ? <ControllerBadge controller={controller} /> : null;
                })()}
              </LogisticsHubCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
