import Loader2 from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/sheet';

interface AssignDialogProps<T extends { id: string; name: string }> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What may still be added (not yet assigned). */
  options: T[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  filterLabel: string;
  render: (item: T) => ReactNode;
  /** The id being added, if any. */
  adding: string | null;
  onAdd: (item: T) => void;
}

/** The partner pages' add dialog (spec): a name filter over what is not yet assigned, one button per row. */
export function AssignDialog<T extends { id: string; name: string }>(props: AssignDialogProps<T>) {
  const { open, onOpenChange, title, description, options, loading, failed, emptyText, filterLabel, render, adding, onAdd } = props;
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const term = filter.trim().toLocaleLowerCase('pt-BR');
  const shown = (options ?? []).filter((o) => o.name.toLocaleLowerCase('pt-BR').includes(term));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFilter('');
        onOpenChange(next);
      }}
    >
      <DialogContent className="flex max-h-[85vh] flex-col gap-4">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <label htmlFor={filterId} className="sr-only">
          {filterLabel}
        </label>
        <Input id={filterId} type="search" placeholder={filterLabel} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <div className="min-h-24 overflow-y-auto">
          {loading ? (
            <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Carregando...
            </p>
          ) : failed ? (
            <p role="alert" className="p-4 text-sm text-destructive">
              Não foi possível carregar a lista. Feche e tente novamente.
            </p>
          ) : shown.length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground">{emptyText}</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {shown.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 p-3">
                  <div className="min-w-0 text-sm">{render(item)}</div>
                  <Button size="sm" variant="outline" disabled={adding !== null} onClick={() => onAdd(item)} aria-label={`Adicionar ${item.name}`}>
                    {adding === item.id ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} Adicionar
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
