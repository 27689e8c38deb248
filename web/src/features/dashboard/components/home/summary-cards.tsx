import Activity from 'lucide-react/icons/activity';
import Building2 from 'lucide-react/icons/building-2';
import Package from 'lucide-react/icons/package';
import Users from 'lucide-react/icons/users';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { DashboardSummary } from '../../types';

function StatCard({
  title,
  icon: Icon,
  value,
  children,
}: {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-5 text-primary" aria-hidden />
      </div>
      <div className="text-3xl font-bold tabular-nums">{value}</div>
      {children}
    </Card>
  );
}

const STATUS_STYLE: Record<DashboardSummary['status']['status'], string> = {
  ok: 'text-success',
  degraded: 'text-amber-700',
  down: 'text-destructive',
};

/** Total Hubs, lockers (active and inactive), operators and the system's status (with a projections rebuild's progress while one runs). */
export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const { hubs, lockers, operators, status } = summary;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Total de Hubs" icon={Building2} value={hubs.total} />
      <StatCard title="Total de lockers" icon={Package} value={lockers.total}>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-success">
            {lockers.active} {lockers.active === 1 ? 'ativo' : 'ativos'}
          </span>{' '}
          · {lockers.inactive} {lockers.inactive === 1 ? 'inativo' : 'inativos'}
        </p>
      </StatCard>
      <StatCard title="Operadores" icon={Users} value={operators.total}>
        <p className="text-sm text-muted-foreground">Usuários com acesso administrativo</p>
      </StatCard>
      <StatCard
        title="Status do sistema"
        icon={Activity}
        value={
          <span className={cn('flex items-center gap-2 text-2xl', STATUS_STYLE[status.status])}>
            <span
              className={cn('size-3 rounded-full', status.status === 'ok' ? 'bg-success' : status.status === 'degraded' ? 'bg-amber-500' : 'bg-destructive')}
              aria-hidden
            />
            {status.label}
          </span>
        }
      >
        {status.rebuild && (
          <div className="space-y-1" role="status">
            <p className="text-sm font-medium">{status.rebuild.text}</p>
            <div
              className="h-1.5 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Reconstrução das projeções"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={status.rebuild.percent}
            >
              <div className="h-full bg-primary" style={{ width: `${status.rebuild.percent}%` }} />
            </div>
          </div>
        )}
        {status.problems.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {status.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </StatCard>
    </div>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <div role="status" aria-label="Carregando resumo..." className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3 p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-4 w-32" />
        </Card>
      ))}
    </div>
  );
}
