import ArrowRight from 'lucide-react/icons/arrow-right';
import Lock from 'lucide-react/icons/lock';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import type { HubMapSummary } from '../../types';
import { HubImage } from './hub-image';
import { SIZE_CATALOGUE } from '../../types';
import { HOME_SIZES, pricePerHourLabel, sizeAvailability } from './home-utils';
import { AvailabilityBadge } from './size-availability';

/** Opened by a marker (or a chip on the fallback map): the Hub at a glance and a way in. */
export function HubSheet({ hub, onOpenChange }: { hub: HubMapSummary | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={hub !== null} onOpenChange={onOpenChange}>
      {hub && (
        <SheetContent
          className="gap-0 p-0 [&>button:last-child]:rounded-full [&>button:last-child]:bg-card/90 [&>button:last-child]:p-1.5 [&>button:last-child]:opacity-100 [&>button:last-child]:shadow-sm"
          aria-describedby="hub-sheet-address"
        >
          <HubImage hub={hub} className="h-44 shrink-0" />
          <div className="flex flex-1 flex-col gap-6 p-6">
            <div className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary" className="font-mono">
                  Hub {hub.id}
                </Badge>
                {hub.private && (
                  <Badge variant="outline">
                    <Lock className="size-3" aria-hidden /> Privado
                  </Badge>
                )}
              </div>
              <SheetTitle className="text-2xl leading-tight">{hub.name}</SheetTitle>
              <SheetDescription id="hub-sheet-address" asChild>
                <div className="space-y-2">
                  <p className="flex items-start gap-2">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span>{hub.address}</span>
                  </p>
                  <dl className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-3 text-foreground">
                    <div>
                      <dt className="text-xs text-muted-foreground">Cidade</dt>
                      <dd className="font-medium">{hub.city || '—'}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Estado</dt>
                      <dd className="font-medium">{hub.state || '—'}</dd>
                    </div>
                  </dl>
                </div>
              </SheetDescription>
            </div>

            <section aria-labelledby="hub-sheet-sizes" className="space-y-3">
              <h3 id="hub-sheet-sizes" className="text-sm font-semibold">
                Lockers disponíveis
              </h3>
              <ul className="space-y-2">
                {HOME_SIZES.map((size) => {
                  const { available, price_per_hour } = sizeAvailability(hub, size);
                  return (
                    <li key={size} className="flex items-center gap-3 rounded-lg border p-3">
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-base font-bold text-secondary-foreground">
                        {size}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-medium">{SIZE_CATALOGUE[size].name}</span>
                        <span className="block text-xs text-muted-foreground">{pricePerHourLabel(price_per_hour)}</span>
                      </span>
                      <AvailabilityBadge available={available} />
                    </li>
                  );
                })}
              </ul>
            </section>

            <Button asChild size="lg" className="mt-auto w-full">
              <Link to={`/hubs/${encodeURIComponent(hub.id)}`}>
                Ver detalhes
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </SheetContent>
      )}
    </Sheet>
  );
}
