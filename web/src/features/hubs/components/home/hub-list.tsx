import type { HubMapSummary } from '../../types';
import { EmptyState } from './hubs-status';
import { HubCard } from './hub-card';

/** The 'Lista' tab: 1 column on mobile, 2 on medium, 3 on large screens. */
export function HubList({ hubs }: { hubs: HubMapSummary[] }) {
  if (hubs.length === 0) {
    return <EmptyState title="Nenhum Hub encontrado" description="Ainda não há Hubs disponíveis por aqui. Volte em breve." />;
  }
  return (
    <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label="Hubs">
      {hubs.map((hub) => (
        <li key={hub.id} className="flex">
          <HubCard hub={hub} />
        </li>
      ))}
    </ul>
  );
}
