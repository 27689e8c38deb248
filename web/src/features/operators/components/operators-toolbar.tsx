import LayoutGrid from 'lucide-react/icons/layout-grid';
import List from 'lucide-react/icons/list';
import Search from 'lucide-react/icons/search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export type OperatorsView = 'grid' | 'list';

interface ToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  view: OperatorsView;
  onView: (view: OperatorsView) => void;
}

/** Search by name, e-mail or role, and the grid / list switch (a pair of pressed buttons). */
export function OperatorsToolbar({ search, onSearch, view, onView }: ToolbarProps) {
  const toggle = (value: OperatorsView, label: string, Icon: typeof List) => (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={view === value}
      className={cn('rounded-sm', view === value && 'bg-card shadow-sm hover:bg-card')}
      onClick={() => onView(value)}
    >
      <Icon aria-hidden /> {label}
    </Button>
  );
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-sm">
        <label htmlFor="operators-search" className="sr-only">
          Buscar operadores
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id="operators-search"
          type="search"
          className="pl-9"
          placeholder="Buscar por nome, email ou papel"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div role="group" aria-label="Visualização" className="flex w-fit gap-1 rounded-md bg-muted p-1">
        {toggle('grid', 'Grade', LayoutGrid)}
        {toggle('list', 'Lista', List)}
      </div>
    </div>
  );
}
