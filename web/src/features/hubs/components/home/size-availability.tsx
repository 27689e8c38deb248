import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { SIZE_CATALOGUE, type HubMapSummary } from '../../types';
import { HOME_SIZES, availabilityLabel, pricePerHourLabel, sizeAvailability } from './home-utils';

/** 'N disponíveis' in green, or a muted 'Indisponível'. */
export function AvailabilityBadge({ available, className, ...props }: { available: number; className?: string; 'data-testid'?: string }) {
  return (
    <Badge variant={available > 0 ? 'success' : 'outline'} className={cn('whitespace-nowrap', available <= 0 && 'text-muted-foreground', className)} {...props}>
      {availabilityLabel(available)}
    </Badge>
  );
}

/** One row per size P, M, G: size tile, name, availability badge and price per hour. */
export function SizeAvailabilityList({
  hub,
  withTestIds = false,
  withDimensions = false,
  className,
}: {
  hub: HubMapSummary;
  withTestIds?: boolean;
  withDimensions?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn('divide-y rounded-lg border bg-muted/40', className)}>
      {HOME_SIZES.map((size) => {
        const { available, price_per_hour } = sizeAvailability(hub, size);
        return (
          <li key={size} className="flex items-center gap-3 px-3 py-2">
            <span
              aria-hidden
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-md text-sm font-bold',
                available > 0 ? 'bg-secondary text-secondary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {size}
            </span>
            <span className="min-w-0 flex-1 leading-tight">
              <span className="sr-only">Tamanho {size}: </span>
              <span className="block truncate text-sm font-medium">
                {SIZE_CATALOGUE[size].name}
                {withDimensions && <span className="ml-1 text-xs font-normal text-muted-foreground">{SIZE_CATALOGUE[size].dimensions}</span>}
              </span>
              <span className="block text-xs font-semibold text-primary tabular-nums">{pricePerHourLabel(price_per_hour)}</span>
            </span>
            <AvailabilityBadge available={available} data-testid={withTestIds ? `availability-${size}` : undefined} />
          </li>
        );
      })}
    </ul>
  );
}
