import { useState } from 'react';
import { Pager } from '@/components/ui/pager';
import type { HubMapSummary } from '../../types';
import { EmptyState } from './hubs-status';
import { HubCard } from './hub-card';
import { pageOf } from './map-view';

/** Cards per page: 4 rows of 3 on large screens. */
export const HUBS_PER_PAGE = 12;

/**
 * The 'Lista' tab: 1 column on mobile, 2 on medium, 3 on large screens, a page of cards at a
 * time. With the map fed by area, `elsewhere` counts the area's Hubs that the map shows in
 * clusters (zoom in to list them).
 */
export function HubList({ hubs, elsewhere = 0 }: { hubs: HubMapSummary[]; elsewhere?: number }) {
  const [requested, setRequested] = useState(1);
  if (hubs.length === 0 && elsewhere === 0) {
    return <EmptyState title="Nenhum Hub encontrado" description="Ainda não há Hubs disponíveis por aqui. Volte em breve." />;
  }
  const page = pageOf(hubs, requested, HUBS_PER_PAGE);
  const goTo = (n: number) => {
    setRequested(n);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <div className="space-y-5">
      {hubs.length > 0 && (
        <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label="Hubs">
          {page.items.map((hub) => (
            <li key={hub.id} className="flex">
              <HubCard hub={hub} />
            </li>
          ))}
        </ul>
      )}
      {elsewhere > 0 && (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
          {hubs.length === 0 ? 'Os' : 'Mais'} <strong className="font-semibold text-foreground">{elsewhere.toLocaleString('pt-BR')}</strong>{' '}
          {elsewhere === 1 ? 'Hub desta área aparece' : 'Hubs desta área aparecem'} agrupados no mapa: aproxime o mapa para vê-los na lista.
        </p>
      )}
      <Pager label="Páginas de Hubs" page={page.page} pages={page.pages} total={`${hubs.length.toLocaleString('pt-BR')} Hubs`} onPage={goTo} />
    </div>
  );
}
