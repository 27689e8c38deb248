import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  primary: 'bg-secondary text-primary',
  danger: 'bg-destructive/10 text-destructive',
  warning: 'bg-accent/15 text-amber-700',
  success: 'bg-success/15 text-success',
} as const;

/** A centred card for a whole-page state: not found, locked, failed, done. */
export function StatusPanel({
  icon: Icon,
  title,
  description,
  tone = 'neutral',
  children,
  className,
  role,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  tone?: keyof typeof TONES;
  children?: ReactNode;
  className?: string;
  role?: 'alert' | 'status';
}) {
  return (
    <div className={cn('mx-auto w-full max-w-lg px-4 py-12 sm:py-16', className)}>
      <Card className="flex flex-col items-center gap-4 p-8 text-center" role={role}>
        <span className={cn('flex size-14 items-center justify-center rounded-full', TONES[tone])}>
          <Icon className="size-7" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <div className="text-muted-foreground">{description}</div>}
        </div>
        {children && <div className="flex w-full flex-col items-stretch gap-3 pt-2 sm:w-auto sm:flex-row sm:justify-center">{children}</div>}
      </Card>
    </div>
  );
}
