import { useParams } from 'react-router-dom';
import { useAdminHub } from '../api/get-admin-hub';
import { HISTORY_KINDS } from '../components/history/history-labels';
import { HistoryScreen } from '../components/history/history-screen';
import { hubPaths } from '../components/hub-detail/hub-paths';
import { useHubsBasePath } from '../layout/use-hubs-base-path';
import { usePageTitle } from '@/lib/use-page-title';

// /dashboard/hubs/:id/history: everything that happened to the Hub and each of its lockers.

export default function HubHistoryPage() {
  const { id = '' } = useParams();
  const hubId = id.toUpperCase();
  const paths = hubPaths(useHubsBasePath(), hubId);
  // Hub ids are upper case (XX-00). The detail is for the name and the locker filter only: a
  // removed Hub still has its history.
  const { data: hub } = useAdminHub(id);

  usePageTitle(`Histórico do Hub ${hubId}`, 'dashboard');

  return (
    <HistoryScreen
      scope="hub"
      id={hubId}
      hubId={hubId}
      title="Histórico do Hub"
      subtitle={hub ? `${hub.name} (${hub.id})` : hubId}
      crumbs={[{ label: 'Hubs', to: paths.list }, { label: hub?.name ?? hubId, to: paths.detail }, { label: 'Histórico' }]}
      back={{ label: 'Voltar ao Hub', to: paths.detail }}
      kinds={HISTORY_KINDS}
      lockers={hub?.lockers ? [...hub.lockers].sort((a, b) => a.order_number - b.order_number) : undefined}
      fileName={`hub-${hubId}-historico.csv`}
    />
  );
}
