import Box from 'lucide-react/icons/box';
import CircleCheck from 'lucide-react/icons/circle-check';
import MapPin from 'lucide-react/icons/map-pin';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import type { LogisticsHubSummary } from '../types';

export const hubAddress = (hub: { address?: string; city?: string; state?: string }) =>
  [hub.address, [hub.city, hub.state].filter(Boolean).join(' - ')].filter(Boolean).join(', ');

/** One card of the logistics grid; the name is the link (the whole card is its click target). */
export function LogisticsHubCard({ hub, to, children }: { hub: LogisticsHubSummary; to: string; children?: ReactNode }) {
  return (
    <Card className="relative flex w-full flex-col gap-3 p-5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <h2 className="text-lg font-semibold">
        {/* The ::after stretches the link over the card, so clicking anywhere opens the detail. */}
        <Link to={to} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
          {hub.name}
        </Link>
      </h2>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{hubAddress(hub) || 'Endereço não informado'}</span>
      </p>
      <dl className="mt-auto flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex items-center gap-1.5">
          <Box className="size-4 text-muted-foreground" aria-hidden />
          <dt>Lockers:</dt>
          <dd className="font-semibold">{hub.locker_count}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CircleCheck className="size-4 text-success" aria-hidden />
          <dt>Ativos:</dt>
          <dd className="font-semibold">{hub.active_count}</dd>
        </div>
      </dl>
      {/* Extra facts about the Hub, e.g. its controller's badge (issue 29). */}
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </Card>
  );
}
