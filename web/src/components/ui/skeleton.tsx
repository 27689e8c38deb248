import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const Skeleton = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
);

/** A centred spinner with a status line, e.g. 'Carregando Hubs...'. */
export const Loading = ({ label }: { label: string }) => (
  <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground">
    <span className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" aria-hidden />
    <span>{label}</span>
  </div>
);

/**
 * Loading in place of a whole screen: a screen tall, so the footer stays below the fold instead of
 * showing under the spinner and jumping away when the screen arrives (a layout shift).
 */
export const ScreenLoading = ({ label }: { label: string }) => (
  <div className="min-h-[100dvh]">
    <Loading label={label} />
  </div>
);
