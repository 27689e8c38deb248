import Box from 'lucide-react/icons/box';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Truck from 'lucide-react/icons/truck';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { LogisticsHubCounters } from '../types';

function Counter({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: number; detail?: ReactNode }) {
  return (
    <Card className="flex items-start gap-4 p-5">
      <span className="rounded-md bg-secondary p-2 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      </div>
    </Card>
  );
}

/** Spec "Logistics {product} detail": lockers (active/inactive), active reservations, pending pickups. */
export function HubCounters({ counters }: { counters: LogisticsHubCounters }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Counter
        icon={Box}
        label="Total de lockers"
        value={counters.lockers}
        detail={`${counters.active_lockers} ativos · ${counters.inactive_lockers} inativos`}
      />
      <Counter icon={CalendarClock} label="Reservas ativas" value={counters.active_reservations} />
      <Counter icon={Truck} label="Aguardando Coleta" value={counters.pending_pickups} />
    </div>
  );
}
