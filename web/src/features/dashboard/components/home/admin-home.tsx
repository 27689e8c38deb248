import { useDashboardStats } from '../../api/get-dashboard-stats';
import { useDashboardSummary } from '../../api/get-dashboard-summary';
import { ActiveLockersDonut } from './active-lockers-donut';
import { FinanceExportCard } from './finance-export-card';
import { ChartSkeleton, LoadError } from './home-states';
import { OccupancyChart } from './occupancy-chart';
import { OperatorsList } from './operators-list';
import { RevenueChart } from './revenue-chart';
import { SummaryCards, SummaryCardsSkeleton } from './summary-cards';

const STATS_DAYS = 30;

/** The admin's home: summary cards, active-locker donut, operators, and 30 days of charts. */
export function AdminHome() {
  const summary = useDashboardSummary();
  const stats = useDashboardStats(STATS_DAYS);

  return (
    <div className="flex flex-col gap-6">
      {summary.isPending ? (
        <>
          <SummaryCardsSkeleton />
          <div className="grid gap-6 lg:grid-cols-2">
            <ChartSkeleton label="Carregando lockers ativos..." />
            <ChartSkeleton label="Carregando operadores..." />
          </div>
        </>
      ) : summary.isError ? (
        <LoadError message="Não foi possível carregar o resumo do painel." onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : (
        <>
          <SummaryCards summary={summary.data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ActiveLockersDonut active={summary.data.lockers.active} inactive={summary.data.lockers.inactive} />
            <OperatorsList operators={summary.data.operators.list} />
          </div>
        </>
      )}

      <FinanceExportCard />

      <section aria-labelledby="stats-title" className="flex flex-col gap-4">
        <h2 id="stats-title" className="text-lg font-semibold">
          Últimos {STATS_DAYS} dias
        </h2>
        {stats.isPending ? (
          <div className="grid gap-6 xl:grid-cols-2">
            <ChartSkeleton label="Carregando ocupação..." />
            <ChartSkeleton label="Carregando receita..." />
          </div>
        ) : stats.isError ? (
          <LoadError message="Não foi possível carregar as estatísticas." onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : stats.data.days.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">Ainda não há estatísticas para o período.</p>
        ) : (
          <div className="grid gap-6 xl:grid-cols-2">
            <OccupancyChart days={stats.data.days} />
            <RevenueChart days={stats.data.days} />
          </div>
        )}
      </section>
    </div>
  );
}
