import { useAuth } from '@/features/auth';
import { AdminHome } from '../components/home/admin-home';
import { LogisticsHome } from '../components/home/logistics-home';
import { dashboardRoleOf } from '../layout/dashboard-access';
import { canRunPickups } from '../layout/dashboard-permissions';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * 'Painel de Controle'. The admin's figures and charts load only for admins (those calls answer
 * 403 to others); recharts is imported by this page's components alone, so it stays in this chunk.
 */
export default function DashboardHomePage() {
  usePageTitle('Painel de controle', 'dashboard');
  const { user } = useAuth();
  const role = dashboardRoleOf(user);
  const name = user?.name.trim() ?? '';

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Painel de Controle</h1>
        <p className="text-muted-foreground">
          Bem-vindo{name ? `, ${name}` : ''}! {role === 'admin' ? 'Acompanhe os Hubs, os lockers e a operação.' : 'Escolha por onde começar.'}
        </p>
      </div>
      {role === 'admin' ? <AdminHome /> : <LogisticsHome pickups={canRunPickups(role)} />}
    </div>
  );
}
