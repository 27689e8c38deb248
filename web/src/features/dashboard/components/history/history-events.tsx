import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import History from 'lucide-react/icons/history';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useHistory, type HistoryQuery, type HistoryScope } from '../../api/get-history';
import { HistoryList } from './history-list';

interface HistoryEventsProps {
  scope: HistoryScope;
  id: string;
  query: HistoryQuery;
  filtered: boolean;
  onClearFilters: () => void;
}

const failure = (error: Error) =>
  error instanceof ApiError && error.status === 403
    ? 'Somente administradores podem ver o histórico.'
    : error instanceof ApiError && error.status === 404
      ? 'Histórico não encontrado: este Hub ou locker não existe.'
      : error.message || 'Erro ao carregar o histórico.';

/** The trail's pages (cursor by cursor), with its loading, error and empty states. */
export function HistoryEvents({ scope, id, query, filtered, onClearFilters }: HistoryEventsProps) {
  const history = useHistory(scope, id, query);

  if (history.isPending) {
    return (
      <div role="status" aria-label="Carregando histórico" className="space-y-px overflow-hidden rounded-lg border bg-card">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex gap-3 p-4">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-4/5" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  // A failure with pages already shown (the next page, a background refetch) keeps them on screen.
  if (!history.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center">
        <AlertTriangle className="size-8 text-destructive" aria-hidden />
        <p className="font-medium">{history.error ? failure(history.error) : 'Erro ao carregar o histórico.'}</p>
        <Button variant="outline" onClick={() => void history.refetch()} disabled={history.isRefetching}>
          <RotateCw className={history.isRefetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
        </Button>
      </div>
    );
  }

  const entries = history.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center">
        <History className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">Nenhum evento neste período</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Mude o período ou os tipos para ver outros eventos.' : 'Ainda não há nada registrado aqui.'}
        </p>
        {filtered && (
          <Button variant="outline" onClick={onClearFilters}>
            Limpar filtros
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <HistoryList entries={entries} showLocker={scope === 'hub'} />
      <div className="flex flex-col items-center gap-2">
        {history.hasNextPage ? (
          <Button variant="outline" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage && <RotateCw className="animate-spin" aria-hidden />}
            {history.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Fim do histórico.</p>
        )}
        {history.error && (
          <p role="alert" className="text-sm text-destructive">
            {failure(history.error)}
          </p>
        )}
      </div>
    </div>
  );
}
