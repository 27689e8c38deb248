import CalendarDays from 'lucide-react/icons/calendar-days';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './date-picker.css';
import { formatDate } from '@/lib/format';

/**
 * A pt-BR date field: a button showing dd/MM/yyyy that opens a month calendar in a popover.
 * The calendar is react-day-picker's grid (arrows move by day, PageUp/PageDown by month, Enter
 * picks, Esc closes and returns focus to the button); days before `min` (and after `max`) cannot be picked.
 * The button is named by the field's label and its value, e.g. "Data 24/11/2026".
 */
export function DatePicker({
  id,
  labelId,
  value,
  min,
  max,
  onChange,
  invalid,
}: {
  id: string;
  /** The visible label's id. */
  labelId: string;
  value: Date;
  min: Date;
  /** The last day that may be picked. */
  max?: Date;
  onChange: (date: Date) => void;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger
        id={id}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={invalid || undefined}
        className="flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border bg-card px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
      >
        <span id={valueId} className="tabular-nums">
          {formatDate(value)}
        </span>
        <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Escolher data"
          // The calendar focuses the chosen day itself (autoFocus); Radix would pick the first button.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-50 rounded-lg border bg-card p-3 shadow-lg"
        >
          <DayPicker
            mode="single"
            required
            autoFocus
            locale={ptBR}
            selected={value}
            defaultMonth={value}
            startMonth={min}
            endMonth={max}
            disabled={max ? [{ before: min }, { after: max }] : { before: min }}
            onSelect={(date) => {
              onChange(date);
              setOpen(false);
            }}
            className="hub-date-picker"
          />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
