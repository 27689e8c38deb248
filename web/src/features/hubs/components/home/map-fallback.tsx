import MapPin from 'lucide-react/icons/map-pin';
import Navigation from 'lucide-react/icons/navigation';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { HubMapSummary } from '../../types';
import { availableLockers, distanceKm, formatDistance, hasCoordinates, hubPosition, type LatLng } from './home-utils';
import { LocateButton } from './locate-button';

// When Google Maps cannot be shown (no key, offline, blocked, bad key) the map tab stays useful:
// a static "map" with the Hubs as marker-like chips that open the same side sheet.

/** A stylised street map drawn in SVG: blocks, avenues, a park and a river. */
function StaticMapArt() {
  return (
    <svg aria-hidden className="absolute inset-0 size-full" viewBox="0 0 800 400" preserveAspectRatio="xMidYMid slice">
      <defs>
        <pattern id="hub-map-blocks" width="40" height="40" patternUnits="userSpaceOnUse">
          <rect width="40" height="40" fill="#e7efec" />
          <rect x="3" y="3" width="34" height="34" rx="3" fill="#f1f6f4" />
        </pattern>
      </defs>
      <rect width="800" height="400" fill="url(#hub-map-blocks)" />
      <path d="M560 0 C 600 60, 700 80, 800 70 L 800 0 Z" fill="#d3eadb" />
      <rect x="90" y="250" width="150" height="110" rx="18" fill="#d3eadb" />
      <path d="M-20 330 C 120 300, 220 380, 360 340 S 620 300, 820 360" fill="none" stroke="#cfe3ef" strokeWidth="26" strokeLinecap="round" />
      <g fill="none" stroke="#ffffff" strokeLinecap="round">
        <path d="M0 120 L 800 180" strokeWidth="14" />
        <path d="M300 -10 L 380 410" strokeWidth="12" />
        <path d="M620 -10 C 600 120, 660 260, 610 410" strokeWidth="10" />
        <path d="M0 40 L 260 70 L 520 20" strokeWidth="8" />
      </g>
      <path d="M-10 230 C 180 210, 420 250, 810 220" fill="none" stroke="#fbe3a9" strokeWidth="14" strokeLinecap="round" />
      <path d="M-10 230 C 180 210, 420 250, 810 220" fill="none" stroke="#f6d27a" strokeWidth="2" strokeDasharray="10 10" />
    </svg>
  );
}

const decorativePins = [
  { top: '22%', left: '10%' },
  { top: '70%', left: '18%' },
  { top: '30%', left: '88%' },
  { top: '74%', left: '80%' },
];

interface MapFallbackProps {
  /** null while the Hubs load: the panel is drawn, its list says so. */
  hubs: HubMapSummary[] | null;
  notice: ReactNode;
  onSelect: (hub: HubMapSummary) => void;
  onLocate: () => void;
  locating: boolean;
  userPosition: LatLng | null;
}

/** 'Carregando Hubs...' over chip-shaped placeholders, about as tall as a few Hubs' chips. */
function ChipsLoading() {
  return (
    <div className="space-y-3">
      <div role="status" className="flex items-center gap-3 text-sm font-medium text-muted-foreground">
        <span className="size-5 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden />
        Carregando Hubs...
      </div>
      <div className="grid grid-cols-1 gap-2.5 sm:flex sm:flex-wrap" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 rounded-full sm:w-64" />
        ))}
      </div>
    </div>
  );
}

export function MapFallback({ hubs, notice, onSelect, onLocate, locating, userPosition }: MapFallbackProps) {
  // Once the visitor shares a location, the nearest Hubs come first, with their distance.
  const entries = (hubs ?? []).map((hub) => ({
    hub,
    distance: userPosition && hasCoordinates(hub) ? distanceKm(userPosition, hubPosition(hub)) : null,
  }));
  if (userPosition) entries.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));

  return (
    <section className="overflow-hidden rounded-xl border bg-card shadow-sm" aria-label="Mapa de Hubs">
      <div className="relative flex min-h-[280px] items-center justify-center overflow-hidden px-4 py-10 sm:min-h-[340px] sm:py-14">
        <StaticMapArt />
        {decorativePins.map((pos, i) => (
          <MapPin
            key={i}
            aria-hidden
            className="absolute hidden size-8 -translate-x-1/2 -translate-y-full fill-primary/25 text-primary/50 drop-shadow-sm sm:block"
            style={pos}
          />
        ))}
        <div className="relative w-full max-w-md rounded-xl border bg-card/95 p-5 shadow-lg backdrop-blur sm:p-6">{notice}</div>
      </div>

      <div className="space-y-4 border-t p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-semibold">Hubs no mapa</h2>
            <p className="text-sm text-muted-foreground">
              {userPosition ? 'Ordenados pela distância até você.' : 'Toque em um Hub para ver a disponibilidade.'}
            </p>
          </div>
          <LocateButton onClick={onLocate} locating={locating} />
        </div>

        {hubs === null ? (
          <ChipsLoading />
        ) : hubs.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">Nenhum Hub disponível</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2.5 sm:flex sm:flex-wrap" aria-label="Hubs">
            {entries.map(({ hub, distance }) => {
              const available = availableLockers(hub);
              return (
                <li key={hub.id} className="min-w-0 sm:max-w-full">
                  <button
                    type="button"
                    onClick={() => onSelect(hub)}
                    className="group flex w-full max-w-full cursor-pointer items-center gap-2.5 rounded-full border bg-card py-1.5 pr-4 pl-1.5 text-left shadow-sm transition hover:border-primary/50 hover:shadow-md"
                  >
                    <span
                      className={cn(
                        'flex size-9 shrink-0 items-center justify-center rounded-full text-primary-foreground shadow-inner',
                        available > 0 ? 'bg-primary' : 'bg-muted-foreground/60',
                      )}
                      aria-hidden
                    >
                      <MapPin className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="truncate text-sm leading-tight font-semibold">{hub.name}</span>
                        {distance !== null && (
                          <span className="inline-flex shrink-0 items-center gap-0.5 text-xs font-medium text-primary">
                            <Navigation className="size-3" aria-hidden />
                            {formatDistance(distance)}
                          </span>
                        )}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {hub.city}
                        <span aria-hidden> · </span>
                        <span className={cn(available > 0 ? 'text-success' : 'text-muted-foreground')}>
                          {available > 0 ? `${available} lockers disponíveis` : 'Nenhum locker disponível'}
                        </span>
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
