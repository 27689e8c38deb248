import CalendarDays from 'lucide-react/icons/calendar-days';
import { lazy, Suspense, useId, type ComponentProps } from 'react';
import { formatDate } from '@/lib/format';
import type { DatePicker as CalendarField } from './date-picker';

// The calendar (react-day-picker, its pt-BR locale, Radix Popover and Floating UI) was ~100 KB of
// the Hub page's first JavaScript, downloaded and run before the page could show. It is its own
// chunk, requested as the form renders; a phone sees the page first (issue 31).
const Calendar = lazy(() => import('./date-picker').then((module) => ({ default: module.DatePicker })));

type Props = ComponentProps<typeof CalendarField>;

/** The closed field as the calendar draws it (same box, same name), disabled until its code is in. */
function ClosedField({ id, labelId, value, invalid }: Props) {
  const valueId = useId();
  return (
    <button
      type="button"
      id={id}
      disabled
      aria-labelledby={`${labelId} ${valueId}`}
      aria-invalid={invalid || undefined}
      className="flex h-10 w-full items-center justify-between gap-2 rounded-md border bg-card px-3 py-2 text-left text-sm aria-invalid:border-destructive"
    >
      <span id={valueId} className="tabular-nums">
        {formatDate(value)}
      </span>
      <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
    </button>
  );
}

/** A pt-BR date field (date-picker.tsx), its calendar loaded on demand. */
export function DatePicker(props: Props) {
  return (
    <Suspense fallback={<ClosedField {...props} />}>
      <Calendar {...props} />
    </Suspense>
  );
}
