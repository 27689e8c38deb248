import { useParams } from 'react-router-dom';
import { useAdminHub } from '../api/get-admin-hub';
import { LOCKER_HISTORY_KINDS } from '../components/history/history-labels';
import { HistoryScreen } from '../components/history/history-screen';
import { hubPaths } from '../components/hub-detail/hub-paths';
import { useHubsBasePath } from '../layout/use-hubs-base-path';
import { padLockerNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';

// /dashboard/hubs/:id/lockers/:lockerId/history: one locker's trail, bookings and moves included.

export default function LockerHistoryPage() {
  const { id = '', lockerId = '' } = useParams();
  const hubId = id.toUpperCase();
  const paths = hubPaths(useHubsBasePath(), hubId);
  const { data: hub } = useAdminHub(id);
  // A removed locker is no longer in the Hub, but its history is still there.
  const locker = hub?.lockers?.find((l) => l.id === lockerId);
  const label = locker ? `Locker ${padLockerNumber(locker.order_number)}` : 'Locker';

  usePageTitle(`Histórico do ${label} (${hubId})`, 'dashboard');

  return (
    <HistoryScreen
      scope="locker"
      id={lockerId}
      hubId={hubId}
      title={`Histórico do ${locker ? label : 'locker'}`}
      subtitle={hub ? `${hub.name} (${hub.id})${locker ? ` · ${locker.size} · ${locker.type}` : ''}` : hubId}
      crumbs={[{ label: 'Hubs', to: paths.list }, { label: hub?.name ?? hubId, to: paths.detail }, { label: `${label} · Histórico` }]}
      back={{ label: 'Voltar ao Hub', to: paths.detail }}
      kinds={LOCKER_HISTORY_KINDS}
      fileName={locker ? `hub-${hubId}-locker-${padLockerNumber(locker.order_number)}-historico.csv` : `hub-${hubId}-locker-historico.csv`}
    />
  );
}
