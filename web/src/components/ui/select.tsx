import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Native select, styled: keyboard and screen readers work as users expect on every device. */
export const Select = ({ className, ...props }: ComponentProps<'select'>) => (
  <select
    className={cn(
      'flex h-10 w-full rounded-md border bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
      className,
    )}
    {...props}
  />
);
