import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Same look as Input; React 19 passes ref as a prop (react-hook-form's register needs it).
export const Textarea = ({ className, ...props }: ComponentProps<'textarea'>) => (
  <textarea
    className={cn(
      'flex min-h-20 w-full rounded-md border bg-card px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
      className,
    )}
    {...props}
  />
);
