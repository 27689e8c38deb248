import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { HistoryScope } from '../../api/get-history';
import type { HistoryKind, Locker } from '../../types';
import { ExportHistoryButton } from './export-history-button';
import { HistoryEvents } from './history-events';
import { HistoryFilterBar } from './history-filter-bar';
import { hasFilters, PARAM, toHistoryQuery } from './history-filters';
import { HubAsOfPanel } from './hub-as-of-panel';
import { useHistoryFilters } from './use-history-filters';

export interface Crumb {
  label: string;
  to?: string;
}

interface HistoryScreenProps {
  scope: HistoryScope;
  /** The Hub's id, or the locker's on a locker history. */
  id: string;
  hubId: string;
  title: string;
  subtitle?: string;
  crumbs: Crumb[];
  back: { label: string; to: string };
  kinds: readonly HistoryKind[];
  /** Hub history: its lockers, to filter by one. */
  lockers?: Locker[];
  fileName: string;
}

/** The history screen of a Hub or a locker: the filtered trail, its CSV, and the Hub at an instant. */
export function HistoryScreen({ scope, id, hubId, title, subtitle, crumbs, back, kinds, lockers, fileName }: HistoryScreenProps) {
  const [filters, setFilters] = useHistoryFilters();
  const query = useMemo(() => toHistoryQuery(filters), [filters]);
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.has(PARAM.asOf) ? 'as-of' : 'events'));
  const clear = () => setFilters({ from: null, to: null, kinds: [], lockerId: null });

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <nav aria-label="Trilha de navegação" className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((crumb, i) => (
            <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
              {i > 0 && <ChevronRight className="size-4" aria-hidden />}
              {crumb.to ? (
                <Link to={crumb.to} className="hover:text-foreground hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="text-foreground">
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost">
            <Link to={back.to}>
              <ArrowLeft aria-hidden /> {back.label}
            </Link>
          </Button>
          <ExportHistoryButton scope={scope} id={id} query={query} fileName={fileName} />
        </div>
      </header>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="events">Eventos</TabsTrigger>
          <TabsTrigger value="as-of">{scope === 'hub' ? 'O Hub como estava em' : 'O locker como estava em'}</TabsTrigger>
        </TabsList>
        <TabsContent value="events" className="space-y-4">
          <HistoryFilterBar filters={filters} onChange={setFilters} kinds={kinds} lockers={lockers} />
          <HistoryEvents scope={scope} id={id} query={query} filtered={hasFilters(filters)} onClearFilters={clear} />
        </TabsContent>
        <TabsContent value="as-of">
          <HubAsOfPanel hubId={hubId} lockerId={scope === 'locker' ? id : undefined} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
