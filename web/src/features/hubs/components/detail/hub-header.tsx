import Lock from 'lucide-react/icons/lock';
import MapPin from 'lucide-react/icons/map-pin';
import Warehouse from 'lucide-react/icons/warehouse';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { Hub } from '@/features/hubs/types';

/** The Hub's picture, or its id on a tile when it has none (or the picture fails to load). */
export function HubImage({ hub, className = '' }: { hub: Pick<Hub, 'id' | 'name' | 'image_url'>; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (hub.image_url && !failed) {
    return <img src={hub.image_url} alt={`Foto do Hub ${hub.name}`} onError={() => setFailed(true)} className={`object-cover ${className}`} />;
  }
  return (
    <div
      className={`relative flex flex-col items-center justify-center gap-1 overflow-hidden bg-linear-to-br from-primary to-teal-500 text-primary-foreground ${className}`}
      role="img"
      aria-label={`Hub ${hub.id}`}
    >
      <Warehouse className="size-7 opacity-80" aria-hidden />
      <span className="font-mono text-2xl font-bold tracking-wider">{hub.id}</span>
      <span className="pointer-events-none absolute -right-6 -bottom-6 size-24 rounded-full bg-white/10" aria-hidden />
      <span className="pointer-events-none absolute -top-8 -left-8 size-20 rounded-full bg-white/10" aria-hidden />
    </div>
  );
}

export function HubHeader({ hub, showAvailability = true }: { hub: Hub; showAvailability?: boolean }) {
  const available = hub.lockers_available;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col sm:flex-row">
        <HubImage hub={hub} className="h-40 w-full shrink-0 sm:h-auto sm:min-h-44 sm:w-56" />
        <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary" className="font-mono">
              {hub.id}
            </Badge>
            {hub.private ? (
              <Badge variant="warning">
                <Lock className="size-3" aria-hidden /> Hub privado
              </Badge>
            ) : (
              <Badge variant="outline">Hub público</Badge>
            )}
            {showAvailability && (
              <Badge variant={available > 0 ? 'success' : 'secondary'}>
                {available > 0 ? `${available} ${available === 1 ? 'locker disponível' : 'lockers disponíveis'}` : 'Sem lockers livres agora'}
              </Badge>
            )}
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{hub.name}</h1>
          <div className="flex items-start gap-2 text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <address className="not-italic leading-relaxed">
              <span className="block text-foreground">{hub.address}</span>
              <span className="block text-sm">
                {hub.city}, {hub.state}
                {hub.zipcode ? ` · CEP ${hub.zipcode}` : ''}
              </span>
            </address>
          </div>
          {hub.description && <p className="text-sm text-muted-foreground">{hub.description}</p>}
        </div>
      </div>
    </Card>
  );
}
