import X from 'lucide-react/icons/x';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { HistoryKind, Locker } from '../../types';
import { hasFilters, type HistoryFilters } from './history-filters';
import { KindFilter } from './kind-filter';
import { isoToSaoPauloInput } from './sao-paulo-time';

interface HistoryFilterBarProps {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  kinds: readonly HistoryKind[];
  /** The Hub's lockers, for the Hub history's locker filter; absent on a locker's history. */
  lockers?: Locker[];
}

/** Period (whole days, São Paulo), kinds and, on a Hub, one locker. */
export function HistoryFilterBar({ filters, onChange, kinds, lockers }: HistoryFilterBarProps) {
  const today = isoToSaoPauloInput(Date.now()).slice(0, 10);
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  return (
    <fieldset className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
      <legend className="sr-only">Filtros</legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor="history-from">De</Label>
        <Input id="history-from" type="date" value={filters.from ?? ''} max={filters.to ?? today} onChange={(e) => set({ from: e.target.value || null })} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="history-to">Até</Label>
        <Input
          id="history-to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          max={today}
          onChange={(e) => set({ to: e.target.value || null })}
        />
      </div>
      <div className="flex flex-col gap-2">
        <span id="history-kinds-label" className="text-sm font-medium leading-none">
          Tipos
        </span>
        <KindFilter id="history-kinds" labelId="history-kinds-label" kinds={kinds} selected={filters.kinds} onChange={(k) => set({ kinds: k })} />
      </div>
      {lockers && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="history-locker">Locker</Label>
          <Select id="history-locker" value={filters.lockerId ?? ''} onChange={(e) => set({ lockerId: e.target.value || null })}>
            <option value="">Todos os lockers</option>
            {lockers.map((l) => (
              <option key={l.id} value={l.id}>
                Locker {String(l.order_number).padStart(2, '0')} ({l.size})
              </option>
            ))}
          </Select>
        </div>
      )}
      {hasFilters(filters) && (
        <div className="flex items-end">
          <Button variant="ghost" onClick={() => onChange({ from: null, to: null, kinds: [], lockerId: null })}>
            <X aria-hidden /> Limpar filtros
          </Button>
        </div>
      )}
    </fieldset>
  );
}
