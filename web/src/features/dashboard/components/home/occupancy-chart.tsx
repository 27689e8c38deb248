import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DailyStat } from '../../types';
import { ChartDataTable } from './chart-data-table';
import { chartPoints, formatPercent, fullDayLabel, occupancySummary, type ChartPoint } from './chart-format';

/** Booked hours over bookable hours, per day: the last 30 days as an area. */
export function OccupancyChart({ days }: { days: DailyStat[] }) {
  const points = chartPoints(days);
  const summary = occupancySummary(days);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ocupação por dia</CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="h-64 w-full" aria-hidden>
          <AreaChart
            responsive
            data={points}
            style={{ width: '100%', height: '100%' }}
            margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
            accessibilityLayer={false}
          >
            <defs>
              <linearGradient id="occupancy-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor="var(--color-primary)" stopOpacity={0.35} />
                <stop offset="95%" stopColor="var(--color-primary)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} tickLine={false} interval="preserveStartEnd" minTickGap={16} />
            <YAxis
              tickFormatter={(v: number) => `${v}%`}
              tick={{ fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              domain={[0, (max: number) => Math.min(100, Math.max(10, Math.ceil(max / 10) * 10))]}
              tickCount={6}
              allowDecimals={false}
            />
            <Tooltip
              labelFormatter={(_label, payload) => fullDayLabel((payload?.[0]?.payload as ChartPoint | undefined)?.date ?? '')}
              formatter={(value) => [formatPercent(Number(value)), 'Ocupação']}
            />
            <Area type="monotone" dataKey="occupancy" stroke="var(--color-primary)" strokeWidth={2} fill="url(#occupancy-fill)" isAnimationActive={false} />
          </AreaChart>
        </div>
        <ChartDataTable
          caption="Ocupação por dia"
          columns={['Dia', 'Ocupação']}
          rows={days.map((d) => [fullDayLabel(d.date), formatPercent(d.occupancy_pct)])}
        />
      </CardContent>
    </Card>
  );
}
