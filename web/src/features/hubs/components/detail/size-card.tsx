import Check from 'lucide-react/icons/check';
import type { KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { SIZE_CATALOGUE, type LockerSize, type SizeAvailability } from '@/features/hubs/types';
import { cn } from '@/lib/cn';
import { formatReais } from '@/lib/format';
import { LockerIllustration } from './locker-illustration';

export const availabilityText = (available: number) => (available <= 0 ? 'Indisponível' : available === 1 ? '1 disponível' : `${available} disponíveis`);

export const priceText = (pricePerHour: number) => `${formatReais(pricePerHour)}/h`;

/**
 * One locker size of a Hub: a toggle button (aria-pressed) that picks the size for the form. Its
 * name comes from its visible text, so what a speech user reads on the card is what they can say
 * (WCAG 2.5.3, label in name).
 */
export function SizeCard({
  size,
  availability,
  pricePerHour,
  showPrice,
  selected,
  onSelect,
}: {
  size: LockerSize;
  availability: SizeAvailability;
  pricePerHour: number;
  showPrice: boolean;
  selected: boolean;
  onSelect: (size: LockerSize) => void;
}) {
  const info = SIZE_CATALOGUE[size];
  const available = availability.available;
  const hasPrice = showPrice && pricePerHour > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(size);
    }
  };

  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      data-testid={`size-card-${size}`}
      onClick={() => onSelect(size)}
      onKeyDown={onKeyDown}
      className={cn(
        'group relative flex cursor-pointer flex-col gap-4 rounded-lg border bg-card p-5 text-left shadow-sm transition-all outline-none',
        'hover:border-primary/50 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        selected && 'border-primary bg-secondary/40 ring-2 ring-primary/25',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            className={cn(
              'flex size-10 items-center justify-center rounded-lg text-lg font-bold transition-colors',
              selected ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary',
            )}
            aria-hidden
          >
            {size}
          </span>
          <div>
            <h3 className="font-semibold leading-tight">{info.name}</h3>
            <p className="text-sm text-muted-foreground">{info.dimensions}</p>
          </div>
        </div>
        <Badge variant={available > 0 ? 'success' : 'secondary'} data-testid={`availability-${size}`} className="shrink-0">
          {availabilityText(available)}
        </Badge>
      </div>

      <div className="flex flex-1 items-center gap-4">
        <div className={cn('w-24 shrink-0 sm:w-28', availability.total === 0 && 'opacity-50 grayscale')}>
          <LockerIllustration size={size} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Ideal para</p>
          <ul className="space-y-1 text-sm">
            {info.items.map((item) => (
              <li key={item} className="flex items-start gap-1.5">
                <Check className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
                <span className="leading-tight">{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="flex items-center justify-between gap-2 border-t pt-3">
        {hasPrice ? (
          <Badge variant="outline" className="border-primary/30 bg-card px-3 py-1 text-sm text-primary">
            {priceText(pricePerHour)}
          </Badge>
        ) : (
          <span aria-hidden />
        )}
        <span className={cn('text-sm font-medium', selected ? 'text-primary' : 'text-muted-foreground group-hover:text-foreground')}>
          {selected ? (
            <span className="inline-flex items-center gap-1">
              <Check className="size-4" aria-hidden /> Selecionado
            </span>
          ) : (
            'Selecionar'
          )}
        </span>
      </div>
    </div>
  );
}
