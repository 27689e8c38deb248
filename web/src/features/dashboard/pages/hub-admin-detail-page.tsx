import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { HubMembersCard } from '@/features/access';
import { useAuth } from '@/features/auth';
import { StatusPanel } from '@/components/ui/status-panel';
import { useHubRoom } from '@/features/realtime';
import { HubStaffCard } from '@/features/staff';
import { HubDoorsCard } from '@/features/doors';
import { ApiError } from '@/lib/api-client';
import { useAdminHub } from '../api/get-admin-hub';
import { EditHubSheet } from '../components/hub-detail/edit-hub-sheet';
import { HubDetailHeader } from '../components/hub-detail/hub-detail-header';
import { HubDetailSkeleton } from '../components/hub-detail/hub-detail-skeleton';
import { HubInfoTab } from '../components/hub-detail/hub-info-tab';
import { HubLockersPanel } from '../components/hub-detail/hub-lockers-panel';
import { hubPaths } from '../components/hub-detail/hub-paths';
import { dashboardRoleOf } from '../layout/dashboard-access';
import { canManageHubs } from '../layout/dashboard-permissions';
import { useHubsBasePath } from '../layout/use-hubs-base-path';
import { HubSettingsTab } from '../components/hub-detail/hub-settings-tab';
import { HubSideCard } from '../components/hub-detail/hub-side-card';
import type { AdminHub } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

// /dashboard/hubs/:id and /dashboard/logistics/hubs/:id: the Hub as the operator sees it.

export default function HubAdminDetailPage() {
  const { id = '' } = useParams();
  const base = useHubsBasePath();
  // The Hub's room: pushes for this Hub reach logistics users too, not only the admins' room.
  useHubRoom(id ? id.toUpperCase() : undefined);
  const { data: hub, error, isPending, refetch, isRefetching } = useAdminHub(id);

  usePageTitle(hub ? `${hub.name} (${hub.id})` : 'Hub', 'dashboard');

  if (isPending) return <HubDetailSkeleton />;

  if (error || !hub) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <StatusPanel icon={MapPinOff} title="Hub não encontrado" description="O Hub que você procura não existe ou foi removido." role="alert">
          <Button asChild>
            <Link to="/dashboard/hubs">
              <ArrowLeft aria-hidden /> Voltar para Hubs
            </Link>
          </Button>
        </StatusPanel>
      );
    }
    return (
      <StatusPanel icon={AlertTriangle} tone="danger" title="Erro ao carregar o Hub" description={error?.message} role="alert">
        <Button onClick={() => void refetch()} disabled={isRefetching}>
          <RotateCw className={isRefetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
        </Button>
        <Button asChild variant="outline">
          <Link to={base}>Voltar para Hubs</Link>
        </Button>
      </StatusPanel>
    );
  }

  return <HubAdminDetail hub={hub} base={base} />;
}

function HubAdminDetail({ hub, base }: { hub: AdminHub; base: string }) {
  const { user } = useAuth();
  const isAdmin = canManageHubs(dashboardRoleOf(user));
  const paths = hubPaths(base, hub.id);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('info');

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      {/* The history is admin-only on the server (docs/admin-api.md), so only admins get its links. */}
      <HubDetailHeader hub={hub} listTo={paths.list} historyTo={isAdmin ? paths.history : null} onEdit={isAdmin ? () => setEditing(true) : undefined} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="info">Informações</TabsTrigger>
            <TabsTrigger value="lockers">Lockers ({hub.lockers?.length ?? 0})</TabsTrigger>
            <TabsTrigger value="settings">Configurações</TabsTrigger>
            {/* Issue 26: a private Hub's members (access grants), the admins' only. */}
            {isAdmin && hub.private && <TabsTrigger value="members">Membros</TabsTrigger>}
            {/* Assignments are the admins' (issue 26): only they get the team tab. */}
            {isAdmin && <TabsTrigger value="staff">Equipe</TabsTrigger>}
          </TabsList>
          <TabsContent value="info">
            <HubInfoTab hub={hub} />
          </TabsContent>
          <TabsContent value="lockers">
            <HubLockersPanel hub={hub} isAdmin={isAdmin} lockerHistoryTo={paths.lockerHistory} />
          </TabsContent>
          <TabsContent value="settings">
            <HubSettingsTab hub={hub} isAdmin={isAdmin} />
          </TabsContent>
          {isAdmin && hub.private && (
            <TabsContent value="members">
              <HubMembersCard hubId={hub.id} />
            </TabsContent>
          )}
          {isAdmin && (
            <TabsContent value="staff">
              <HubStaffCard hubId={hub.id} />
            </TabsContent>
          )}
        </Tabs>
        <aside aria-label="Resumo do Hub" className="space-y-6">
          <HubSideCard hub={hub} />
          {/* Issue 29: the controller and each door, live. */}
          <HubDoorsCard hubId={hub.id} />
        </aside>
      </div>
      {isAdmin && <EditHubSheet hub={hub} open={editing} onOpenChange={setEditing} />}
    </div>
  );
}
