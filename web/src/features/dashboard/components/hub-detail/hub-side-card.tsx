import ImageOff from 'lucide-react/icons/image-off';
import MapPin from 'lucide-react/icons/map-pin';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { AdminHub, LockerSize } from '../../types';

const SIZES: LockerSize[] = ['P', 'M', 'G', 'X'];

export function lockerCounts(hub: AdminHub) {
  const lockers = hub.lockers ?? [];
  const bySize = Object.fromEntries(SIZES.map((s) => [s, lockers.filter((l) => l.size === s).length])) as Record<LockerSize, number>;
  return {
    total: lockers.length,
    active: lockers.filter((l) => l.status === 'Ativo').length,
    bySize,
    // Everything that is not a rentable GMV locker (Drop-Off, Pick-Up, Tech).
    drops: lockers.filter((l) => l.type !== 'GMV').length,
  };
}

function HubImage({ hub }: { hub: AdminHub }) {
  const [failed, setFailed] = useState(false);
  if (!hub.image_url || failed) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md bg-muted text-sm text-muted-foreground">
        <ImageOff className="size-6" aria-hidden />
        {hub.image_url ? 'Erro ao carregar imagem' : 'Sem imagem'}
      </div>
    );
  }
  return (
    <img
      src={hub.image_url}
      alt={`Foto do Hub ${hub.name}`}
      className="aspect-video w-full rounded-md object-cover"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

/** The Hub at a glance: where it is, how many lockers work, per size, the Drops, and its photo. */
export function HubSideCard({ hub }: { hub: AdminHub }) {
  const counts = lockerCounts(hub);
  const pct = counts.total ? Math.round((counts.active / counts.total) * 100) : 0;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Resumo</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="flex gap-2 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            {hub.address}
            <br />
            {[hub.city, hub.state].filter(Boolean).join(' - ')}
            {hub.zipcode ? `, CEP ${hub.zipcode}` : ''}
            {hub.country ? ` · ${hub.country}` : ''}
          </span>
        </p>

        <div className="space-y-2">
          <div className="flex items-baseline justify-between text-sm">
            <span id="active-lockers-label" className="font-medium">
              Lockers ativos
            </span>
            <span className="tabular-nums">
              {counts.active}/{counts.total}
            </span>
          </div>
          <Progress value={pct} aria-labelledby="active-lockers-label" aria-valuetext={`${counts.active} de ${counts.total} ativos`} />
        </div>

        <dl className="grid grid-cols-5 gap-2 text-center">
          {SIZES.map((size) => (
            <div key={size} className="rounded-md bg-muted px-1 py-2">
              <dt className="text-xs font-medium text-muted-foreground">{size}</dt>
              <dd className="text-lg font-semibold tabular-nums">{counts.bySize[size]}</dd>
            </div>
          ))}
          <div className="rounded-md bg-secondary px-1 py-2">
            <dt className="text-xs font-medium text-secondary-foreground">Drops</dt>
            <dd className="text-lg font-semibold tabular-nums">{counts.drops}</dd>
          </div>
        </dl>

        <HubImage hub={hub} />
      </CardContent>
    </Card>
  );
}
