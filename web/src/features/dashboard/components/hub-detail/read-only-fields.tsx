import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ReadOnlyItem {
  label: string;
  value: ReactNode;
  /** Spans both columns (long text: address, description, URL). */
  wide?: boolean;
}

const EMPTY = <span className="text-muted-foreground">Não informado</span>;

/** Labelled values, read-only, two columns from sm up. */
export function ReadOnlyFields({ items }: { items: ReadOnlyItem[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className={cn('min-w-0 space-y-1', item.wide && 'sm:col-span-2')}>
          <dt className="text-sm font-medium text-muted-foreground">{item.label}</dt>
          <dd className="break-words">{item.value === '' || item.value === null || item.value === undefined ? EMPTY : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
