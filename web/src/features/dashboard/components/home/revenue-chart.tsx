import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DailyStat } from '../../types';
import { ChartDataTable } from './chart-data-table';
import { chartPoints, formatMoneyCents, formatMoneyTick, fullDayLabel, revenueSummary, type ChartPoint } from './chart-format';

/** Paid reservations' revenue per day, in reais, as bars. */
export function RevenueChart({ days }: { days: DailyStat[] }) {
  const points = chartPoints(days);
  const summary = revenueSummary(days);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Receita por dia</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="h-64 w-full" aria-hidden>
          <BarChart
            responsive
            data={points}
            style={{ width: '100%', height: '100%' }}
            margin={{ top: 8, right: 8, bottom: 0, left: 4 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} tickLine={false} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tickFormatter={formatMoneyTick} tick={{ fontSize: 12 }} tickLine={false} axisLine={false} width={64} />
            <Tooltip
              cursor={{ fill: 'var(--color-muted)' }}
              labelFormatter={(_label, payload) => fullDayLabel((payload?.[0]?.payload as ChartPoint | undefined)?.date ?? '')}
              formatter={(_value, _name, item) => [formatMoneyCents((item.payload as ChartPoint).revenueCents), 'Receita']}
            />
            <Bar dataKey="revenue" fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </div>
        <ChartDataTable
          caption="Receita por dia"
          columns={['Dia', 'Receita']}
          rows={days.map((d) => [fullDayLabel(d.date), formatMoneyCents(d.revenue_cents)])}
        />
      </CardContent>
    </Card>
  );
}
