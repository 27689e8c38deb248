import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { HistoryKind } from '../../types';
import { HISTORY_KIND_LABEL } from './history-labels';

interface KindFilterProps {
  id: string;
  /** The id of the visible label; the button reads as 'Tipos: Todos os tipos'. */
  labelId: string;
  kinds: readonly HistoryKind[];
  selected: HistoryKind[];
  onChange: (kinds: HistoryKind[]) => void;
}

const summary = (selected: HistoryKind[]) =>
  selected.length === 0 ? 'Todos os tipos' : selected.length === 1 ? HISTORY_KIND_LABEL[selected[0]!] : `${selected.length} tipos`;

/** A multi-select of kinds: a menu of checkbox items that stays open while the admin ticks. */
export function KindFilter({ id, labelId, kinds, selected, onChange }: KindFilterProps) {
  const toggle = (kind: HistoryKind, on: boolean) =>
    onChange(on ? kinds.filter((k) => k === kind || selected.includes(k)) : selected.filter((k) => k !== kind));
  return (
    // Not modal: a filter menu hides nothing else from screen readers while it is open.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button id={id} variant="outline" className="w-full justify-between font-normal" aria-labelledby={`${labelId} ${id}-value`}>
          <span id={`${id}-value`} className="truncate">
            {summary(selected)}
          </span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto">
        {kinds.map((kind) => (
          <MenuPrimitive.CheckboxItem
            key={kind}
            checked={selected.includes(kind)}
            onCheckedChange={(on) => toggle(kind, on)}
            onSelect={(event) => event.preventDefault()}
            className="relative flex cursor-pointer select-none items-center gap-2 rounded-sm py-2 pl-8 pr-2 text-sm outline-none data-[highlighted]:bg-muted"
          >
            <MenuPrimitive.ItemIndicator className="absolute left-2 flex size-4 items-center justify-center">
              <Check className="size-4" aria-hidden />
            </MenuPrimitive.ItemIndicator>
            {HISTORY_KIND_LABEL[kind]}
          </MenuPrimitive.CheckboxItem>
        ))}
        {selected.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <MenuPrimitive.Item
              onSelect={() => onChange([])}
              className="flex cursor-pointer select-none items-center rounded-sm px-2 py-2 text-sm text-primary outline-none data-[highlighted]:bg-muted"
            >
              Mostrar todos os tipos
            </MenuPrimitive.Item>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
