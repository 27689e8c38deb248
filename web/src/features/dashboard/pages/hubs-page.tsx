import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import type { Hub } from '@/features/hubs';
import { ControllerBadge, useControllers } from '@/features/doors';
import { useAdminHubs } from '../api/get-admin-hubs';
import { DeleteHubDialog } from '../components/hubs-list/delete-hub-dialog';
import { HubsListEmpty, HubsListError, HubsListSkeleton } from '../components/hubs-list/hubs-list-states';
import { HubsTable } from '../components/hubs-list/hubs-table';
import { dashboardRoleOf } from '../layout/dashboard-access';
import { canManageHubs } from '../layout/dashboard-permissions';
import { useHubsBasePath } from '../layout/use-hubs-base-path';
import { usePageTitle } from '@/lib/use-page-title';

/** The Hub list (spec "{product} list"), under /dashboard/hubs and /dashboard/logistics/hubs. */
export default function HubsPage() {
  usePageTitle('Hubs', 'dashboard');
  const basePath = useHubsBasePath();
  const { user } = useAuth();
  // Creating, editing and removing Hubs is the admins' (ADR 0019); the route sends anyone else to
  // their own screens, and nothing here offers a call the server would refuse.
  const isAdmin = canManageHubs(dashboardRoleOf(user));
  const hubs = useAdminHubs();
  // Issue 29: each Hub's controller, on its row (Hubs never heard from stay quiet here).
  const controllers = useControllers();
  const [deleting, setDeleting] = useState<Hub | null>(null);
  const sorted = [...(hubs.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  const retry = async () => {
    const result = await hubs.refetch();
    if (result.isError) toast.error('Erro ao carregar os Hubs.');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Hubs</h1>
          <p className="text-muted-foreground">
            {hubs.data ? `${hubs.data.length} ${hubs.data.length === 1 ? 'Hub cadastrado' : 'Hubs cadastrados'}` : 'Os Hubs e os seus lockers.'}
          </p>
        </div>
        {isAdmin && (
          <Button asChild>
            <Link to={`${basePath}/new/form`}>
              <Plus aria-hidden /> Novo Hub
            </Link>
          </Button>
        )}
      </div>

      {hubs.isPending ? (
        <HubsListSkeleton />
      ) : hubs.isError ? (
        <HubsListError onRetry={() => void retry()} retrying={hubs.isFetching} />
      ) : sorted.length === 0 ? (
        <HubsListEmpty newPath={`${basePath}/new/form`} canCreate={isAdmin} />
      ) : (
        <HubsTable
          hubs={sorted}
          basePath={basePath}
          canEdit={isAdmin}
          onDelete={isAdmin ? setDeleting : undefined}
          extra={(hubId) => {
            const controller = controllers.data?.find((c) => c.hub_id === hubId);
            return controller && controller.status !== 'never' ? <ControllerBadge controller={controller} /> : null;
          }}
        />
      )}

      <DeleteHubDialog hub={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
