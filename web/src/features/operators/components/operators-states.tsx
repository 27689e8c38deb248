import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchX from 'lucide-react/icons/search-x';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder cards while the list loads. */
export function OperatorsSkeleton() {
  return (
    <div role="status" aria-label="Carregando operadores..." className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-lg border bg-card p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function OperatorsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-card p-8 text-center">
      <p className="text-destructive">Não foi possível carregar os operadores. Verifique sua conexão e tente novamente.</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </div>
  );
}

/** Spec: the empty state differs by whether a search is active. */
export function OperatorsEmpty({ search, onClear, onAdd }: { search: string; onClear: () => void; onAdd: () => void }) {
  if (search.trim()) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">Nenhum operador encontrado para "{search.trim()}"</h2>
        <p className="text-muted-foreground">Tente outro nome, email ou papel.</p>
        <Button variant="outline" onClick={onClear}>
          Limpar busca
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
      <Users className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">Nenhum operador cadastrado</h2>
      <p className="text-muted-foreground">Adicione o primeiro operador: ele recebe um email para definir a senha.</p>
      <Button onClick={onAdd}>
        <UserPlus aria-hidden /> Adicionar operador
      </Button>
    </div>
  );
}
