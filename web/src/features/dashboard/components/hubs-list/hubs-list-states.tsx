import Building2 from 'lucide-react/icons/building-2';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the list loads (the table keeps its place, nothing jumps). */
export function HubsListSkeleton() {
  return (
    <div role="status" aria-label="Carregando Hubs..." className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="hidden h-5 flex-1 sm:block" />
          <Skeleton className="h-5 w-10" />
          <Skeleton className="size-8" />
        </div>
      ))}
    </div>
  );
}

export function HubsListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-card p-8 text-center">
      <p className="text-destructive">Não foi possível carregar os Hubs. Verifique sua conexão e tente novamente.</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </div>
  );
}

export function HubsListEmpty({ newPath, canCreate }: { newPath: string; canCreate: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
      <Building2 className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">Nenhum Hub cadastrado</h2>
      <p className="text-muted-foreground">Crie o primeiro Hub para começar a instalar lockers.</p>
      {canCreate && (
        <Button asChild>
          <Link to={newPath}>
            <Plus aria-hidden /> Criar Hub
          </Link>
        </Button>
      )}
    </div>
  );
}
