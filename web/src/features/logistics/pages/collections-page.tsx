import PackageCheck from 'lucide-react/icons/package-check';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth';
import { dashboardRoleOf } from '@/features/dashboard';
import { errorMessage } from '@/lib/api-client';
import { useClaimCollection } from '../api/claim-collection';
import { useCompleteCollection } from '../api/complete-collection';
import { useCollections } from '../api/get-collections';
import { CollectionCard } from '../components/collection-card';
import { LoadError, LoadingBlocks } from '../components/load-states';
import { useNow } from '../components/waiting-time';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /dashboard/logistics/collections: the pickup queue, oldest first. Live: every
 * 'collections:changed' push refetches it (realtime-provider), so new items, claims and
 * completions by colleagues appear without a reload.
 */
export default function CollectionsPage() {
  const { user } = useAuth();
  const isAdmin = dashboardRoleOf(user) === 'admin';
  const collections = useCollections();
  const claim = useClaimCollection();
  const complete = useCompleteCollection();
  const now = useNow();

  usePageTitle('Coletas', 'dashboard');

  const onClaim = (id: string) =>
    claim.mutate(id, {
      onSuccess: () => toast.success('Coleta assumida.'),
      // 409 already_claimed names who has it: 'Esta coleta já foi assumida por …'.
      onError: (error) => toast.error(errorMessage(error, 'Erro ao assumir a coleta.')),
    });
  const onComplete = (id: string) =>
    complete.mutate(id, {
      onSuccess: () => toast.success('Coleta concluída.'),
      onError: (error) => toast.error(errorMessage(error, 'Erro ao concluir a coleta.')),
    });
  const busyId = claim.isPending ? claim.variables : complete.isPending ? complete.variables : undefined;
  const items = collections.data ?? [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Coletas</h1>
        <p className="text-muted-foreground">
          {collections.data
            ? `${items.length} ${items.length === 1 ? 'coleta pendente' : 'coletas pendentes'}, as mais antigas primeiro.`
            : 'As coletas pendentes dos seus Hubs.'}
        </p>
      </div>
      {collections.isPending ? (
        <LoadingBlocks label="Carregando coletas..." count={3} className="h-28 sm:col-span-2 lg:col-span-3" />
      ) : collections.isError ? (
        <LoadError
          message={errorMessage(collections.error, 'Erro ao carregar as coletas.')}
          onRetry={() => void collections.refetch()}
          retrying={collections.isFetching}
        />
      ) : items.length === 0 ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <PackageCheck className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">Nenhuma coleta pendente</p>
          <p className="text-muted-foreground">Quando um locatário deixar um volume para coleta, ele aparece aqui.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Fila de coletas">
          {items.map((item) => (
            <li key={item.reservation_id}>
              <CollectionCard
                item={item}
                now={now}
                userId={user?.id}
                isAdmin={isAdmin}
                busy={busyId === item.reservation_id}
                onClaim={() => onClaim(item.reservation_id)}
                onComplete={() => onComplete(item.reservation_id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
