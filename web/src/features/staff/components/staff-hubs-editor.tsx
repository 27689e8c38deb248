import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Loader2 from 'lucide-react/icons/loader-circle';
import Search from 'lucide-react/icons/search';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useOperatorHubs, useSetOperatorHubs } from '../api/operator-hubs';
import { useAllHubs } from '../api/staff-options';
import { matchesHub, sameSet } from './staff-hub-filter';

/**
 * The Hubs a logistics or maintenance operator works, as a checkbox list of every Hub with a
 * search, saved as a whole set (PUT /api/operators/{id}/hubs). Self-contained, so the operator's
 * form and the Hub page's team card both use it.
 */
export function StaffHubsEditor({ operatorId, onSaved }: { operatorId: string; onSaved?: () => void }) {
  const assigned = useOperatorHubs(operatorId);
  const hubs = useAllHubs();
  const save = useSetOperatorHubs(operatorId);
  const [search, setSearch] = useState('');
  // null: nothing touched yet, the selection is what the server holds (and follows its pushes).
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const searchId = useId();

  const saved = useMemo(() => new Set((assigned.data ?? []).map((h) => h.id)), [assigned.data]);
  const selected = picked ?? saved;
  const visible = useMemo(() => (hubs.data ?? []).filter((h) => matchesHub(h, search)), [hubs.data, search]);

  if (assigned.isPending || hubs.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Carregando Hubs...">
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (assigned.isError || hubs.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-4" aria-hidden /> Erro ao carregar os Hubs.
        </p>
        <p>{(assigned.error ?? hubs.error)?.message}</p>
        <Button variant="outline" size="sm" onClick={() => void Promise.all([assigned.refetch(), hubs.refetch()])}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };
  const dirty = !sameSet(selected, saved);
  const submit = () =>
    save.mutate([...selected].sort(), {
      onSuccess: () => {
        setPicked(null);
        toast.success('Hubs do operador atualizados!');
        onSaved?.();
      },
      onError: (error) => toast.error(error.message || 'Erro ao salvar os Hubs do operador.'),
    });

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={searchId}>Buscar Hub</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input id={searchId} type="search" className="pl-9" placeholder="Nome, código ou cidade" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Hubs atendidos</legend>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.size === 1 ? '1 Hub selecionado' : `${selected.size} Hubs selecionados`}
        </p>
        {hubs.data.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Nenhum Hub cadastrado.</p>
        ) : visible.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Nenhum Hub encontrado para “{search}”.</p>
        ) : (
          <ul className="max-h-72 divide-y overflow-y-auto rounded-md border">
            {visible.map((hub) => (
              <li key={hub.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted/50">
                  <input type="checkbox" className="size-4 accent-primary" checked={selected.has(hub.id)} onChange={(e) => toggle(hub.id, e.target.checked)} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{hub.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {hub.id} · {hub.city}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {dirty && (
          <Button type="button" variant="outline" onClick={() => setPicked(null)} disabled={save.isPending}>
            Desfazer
          </Button>
        )}
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />} Salvar Hubs
        </Button>
      </div>
    </form>
  );
}
