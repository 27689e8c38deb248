import type { ComponentProps, LabelHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

// React 19 passes ref as a prop: ComponentProps<'input'> includes it (react-hook-form needs it).
export const Input = ({ className, ...props }: ComponentProps<'input'>) => (
  <input
    className={cn(
      'flex h-10 w-full rounded-md border bg-card px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
      className,
    )}
    {...props}
  />
);

export const Label = ({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) => (
  <label className={cn('text-sm font-medium leading-none', className)} {...props} />
);

/** The line under a field that says what is wrong with it. */
export const FieldError = ({ message, id }: { message?: string; id?: string }) =>
  message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
