import ArrowLeft from 'lucide-react/icons/arrow-left';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { adminHubQueryOptions, useAdminHub } from '../api/get-admin-hub';
import { HubForm } from '../components/hub-form/hub-form';
import { useHubsBasePath } from '../layout/use-hubs-base-path';
import { usePageTitle } from '@/lib/use-page-title';

/** New Hub at …/new/form, edit at …/{id}/form, in either route set. */
export default function HubFormPage() {
  const { id } = useParams();
  const basePath = useHubsBasePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = Boolean(id);
  usePageTitle(editing ? `Editar Hub ${id ?? ''}`.trim() : 'Novo Hub', 'dashboard');
  const hub = useAdminHub(id);
  const back = id ? `${basePath}/${encodeURIComponent(id)}` : basePath;

  const header = (
    <div className="flex flex-col gap-3">
      <Button variant="link" asChild className="self-start px-0">
        <Link to={editing ? back : basePath}>
          <ArrowLeft aria-hidden /> {editing ? 'Voltar ao Hub' : 'Voltar para Hubs'}
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold">{editing ? `Editar Hub${hub.data ? ` ${hub.data.name}` : ''}` : 'Novo Hub'}</h1>
        <p className="text-muted-foreground">{editing ? 'Altere os dados do Hub e os seus lockers.' : 'Cadastre um Hub; os lockers vêm depois de salvar.'}</p>
      </div>
    </div>
  );

  if (editing && hub.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        {header}
        <div role="status" aria-label="Carregando Hub..." className="flex flex-col gap-4">
          <Skeleton className="h-10 w-56" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }

  if (editing && hub.isError) {
    const notFound = hub.error instanceof ApiError && hub.error.status === 404;
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        {header}
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center">
          <p className={notFound ? 'text-lg font-semibold' : 'text-destructive'}>{notFound ? 'Hub não encontrado' : 'Erro ao carregar o Hub.'}</p>
          {notFound ? (
            <Button variant="outline" asChild>
              <Link to={basePath}>Voltar para Hubs</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={() => void hub.refetch()}>
              <RefreshCw aria-hidden /> Tentar novamente
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      {header}
      <div className="rounded-lg border bg-card p-4 sm:p-6">
        <HubForm
          hub={editing ? hub.data : undefined}
          // A new Hub continues in its edit form, where the Lockers tab is.
          onSaved={(saved) => {
            if (editing) return;
            // The edit form opens on the saved Hub at once, without a loading flash that would
            // drop what the admin does next (an image being picked).
            queryClient.setQueryData(adminHubQueryOptions(saved.id).queryKey, saved);
            navigate(`${basePath}/${encodeURIComponent(saved.id)}/form`, { replace: true });
          }}
          onCancel={() => navigate(editing ? back : basePath)}
        />
      </div>
    </div>
  );
}
