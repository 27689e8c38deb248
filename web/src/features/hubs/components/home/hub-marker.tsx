import { AdvancedMarker } from '@vis.gl/react-google-maps';
import Warehouse from 'lucide-react/icons/warehouse';
import { useRef, useState, type RefObject } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { HubMapSummary } from '../../types';
import { HubImage } from './hub-image';
import { HOME_SIZES, availableLockers, hubPosition, pricePerHourLabel, sizeAvailability } from './home-utils';

const CARD_WIDTH = 300;
const CARD_HEIGHT = 250;
const EDGE = 8;

/** Where the hover card goes relative to the pin's centre, kept inside the map's box. */
type Placement = { below: boolean; offsetX: number; width: number };
const DEFAULT_PLACEMENT: Placement = { below: false, offsetX: -CARD_WIDTH / 2, width: CARD_WIDTH };

function placementFor(pinElement: Element | null, container: HTMLElement | null): Placement {
  if (!pinElement || !container) return DEFAULT_PLACEMENT;
  const pin = pinElement.getBoundingClientRect();
  const box = container.getBoundingClientRect();
  const width = Math.max(200, Math.min(CARD_WIDTH, box.width - 2 * EDGE));
  const centre = pin.left + pin.width / 2 - box.left;
  const left = Math.min(Math.max(centre - width / 2, EDGE), Math.max(EDGE, box.width - width - EDGE));
  const spaceAbove = pin.top - box.top;
  const below = spaceAbove < CARD_HEIGHT && box.bottom - pin.bottom > spaceAbove;
  return { below, offsetX: left - centre, width };
}

/** 64x64 pin (spec §9) with the number of free lockers; hover shows a card up to 300 px wide. */
export function HubMarker({
  hub,
  hovered,
  onHover,
  onSelect,
  containerRef,
}: {
  hub: HubMapSummary;
  hovered: boolean;
  onHover: (id: string | null) => void;
  onSelect: (hub: HubMapSummary) => void;
  containerRef: RefObject<HTMLElement | null>;
}) {
  const available = availableLockers(hub);
  const [placement, setPlacement] = useState<Placement>(DEFAULT_PLACEMENT);
  const pinRef = useRef<HTMLDivElement>(null);
  return (
    <AdvancedMarker
      position={hubPosition(hub)}
      title={`Hub ${hub.name}`}
      zIndex={hovered ? 1000 : undefined}
      onClick={() => onSelect(hub)}
      onMouseEnter={() => {
        setPlacement(placementFor(pinRef.current, containerRef.current));
        onHover(hub.id);
      }}
      onMouseLeave={() => onHover(null)}
    >
      <div ref={pinRef} className="relative">
        {hovered && <HubHoverCard hub={hub} available={available} placement={placement} />}
        <MarkerPin available={available} />
      </div>
    </AdvancedMarker>
  );
}

export function MarkerPin({ available }: { available: number }) {
  const active = available > 0;
  return (
    <div className="relative size-16 drop-shadow-md transition-transform hover:scale-105" aria-hidden>
      <svg viewBox="0 0 64 64" className="size-16">
        <path
          d="M32 3C19.3 3 9 13.1 9 25.6 9 42.5 32 61 32 61s23-18.5 23-35.4C55 13.1 44.7 3 32 3z"
          className={active ? 'fill-primary' : 'fill-slate-400'}
          stroke="white"
          strokeWidth="2.5"
        />
        <circle cx="32" cy="25.5" r="14" fill="white" />
      </svg>
      <Warehouse className={cn('absolute top-[17.5px] left-1/2 size-4 -translate-x-1/2', active ? 'text-primary' : 'text-slate-500')} />
      <span
        className={cn(
          'absolute -top-0.5 right-1 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-white px-1 text-[10px] font-bold',
          active ? 'bg-accent text-accent-foreground' : 'bg-slate-500 text-white',
        )}
      >
        {available}
      </span>
    </div>
  );
}

function HubHoverCard({ hub, available, placement }: { hub: HubMapSummary; available: number; placement: Placement }) {
  return (
    <div
      className={cn(
        'pointer-events-none absolute z-10 max-w-[300px] overflow-hidden rounded-xl border bg-card text-left text-card-foreground shadow-xl',
        placement.below ? 'top-full mt-1' : 'bottom-full mb-1',
      )}
      style={{ left: `calc(50% + ${placement.offsetX}px)`, width: placement.width }}
    >
      <HubImage hub={hub} compact className="h-24" />
      <div className="space-y-2.5 p-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={available > 0 ? 'success' : 'outline'}>{available} lockers disponíveis</Badge>
          <Badge variant="secondary">Hub</Badge>
        </div>
        <div>
          <p className="text-sm leading-tight font-semibold">{hub.name}</p>
          <p className="text-xs text-muted-foreground">{hub.address}</p>
        </div>
        <dl className="grid grid-cols-3 gap-1.5 text-center">
          {HOME_SIZES.map((size) => (
            <div key={size} className="rounded-md bg-muted px-1 py-1.5">
              <dt className="text-[10px] font-bold text-muted-foreground">{size}</dt>
              <dd className="text-xs font-semibold tabular-nums">{pricePerHourLabel(sizeAvailability(hub, size).price_per_hour)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** The visitor's position after 'Minha localização'. */
export function UserLocationDot() {
  return (
    <span className="relative flex size-5" aria-label="Você está aqui" role="img">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-sky-400 opacity-60" />
      <span className="relative inline-flex size-5 rounded-full border-[3px] border-white bg-sky-500 shadow-md" />
    </span>
  );
}
