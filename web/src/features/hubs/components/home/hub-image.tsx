import Warehouse from 'lucide-react/icons/warehouse';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import type { HubMapSummary } from '../../types';

/** The Hub's photo, or a branded tile showing its id when there is none (or it fails to load). */
export function HubImage({
  hub,
  className,
  compact = false,
}: {
  hub: Pick<HubMapSummary, 'id' | 'name' | 'image_url'>;
  className?: string;
  compact?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (hub.image_url && !failed) {
    return (
      <img
        src={hub.image_url}
        alt={`Foto do Hub ${hub.name}`}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('w-full bg-muted object-cover', className)}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`Hub ${hub.id}`}
      className={cn(
        'relative flex w-full items-center justify-center overflow-hidden bg-gradient-to-br from-primary to-teal-500 text-primary-foreground',
        className,
      )}
    >
      <Warehouse aria-hidden className={cn('absolute -right-3 -bottom-4 rotate-[-8deg] text-white/15', compact ? 'size-16' : 'size-28')} />
      <span
        aria-hidden
        className="absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:14px_14px]"
      />
      <span className={cn('relative font-mono font-bold tracking-widest drop-shadow-sm', compact ? 'text-xl' : 'text-3xl')}>{hub.id}</span>
    </div>
  );
}
