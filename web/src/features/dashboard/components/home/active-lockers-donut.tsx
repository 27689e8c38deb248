import { Pie, PieChart } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { activePercent } from './chart-format';

const ACTIVE = 'var(--color-primary)';
const INACTIVE = '#cbd5d1';

/** The share of active lockers as a donut, the percentage in its hole (0 with no lockers). */
export function ActiveLockersDonut({ active, inactive }: { active: number; inactive: number }) {
  const total = active + inactive;
  const pct = activePercent(active, total);
  // With no lockers the ring is drawn whole in grey: an empty pie would draw nothing at all.
  const data =
    total > 0
      ? [
          { name: 'Ativos', value: active, fill: ACTIVE },
          { name: 'Inativos', value: inactive, fill: INACTIVE },
        ]
      : [{ name: 'Sem lockers', value: 1, fill: INACTIVE }];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lockers ativos</CardTitle>
        <CardDescription>Parte dos lockers disponível para reservas.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:justify-center sm:gap-8">
        <div className="relative size-44" role="img" aria-label={`${pct}% dos lockers ativos: ${active} de ${total}.`}>
          <PieChart width={176} height={176} accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius={56}
              outerRadius={80}
              startAngle={90}
              endAngle={-270}
              stroke="none"
              isAnimationActive={false}
            />
          </PieChart>
          <span className="absolute inset-0 flex items-center justify-center text-3xl font-bold tabular-nums" aria-hidden>
            {pct}%
          </span>
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          <li className="flex items-center gap-2">
            <span className="size-3 rounded-sm bg-primary" aria-hidden /> Ativos: <strong className="tabular-nums">{active}</strong>
          </li>
          <li className="flex items-center gap-2">
            <span className="size-3 rounded-sm" style={{ background: INACTIVE }} aria-hidden /> Inativos: <strong className="tabular-nums">{inactive}</strong>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
