import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useHubAsOf } from '../../api/get-hub-as-of';
import { AsOfLockerCard } from './as-of-locker-card';
import { PARAM } from './history-filters';
import { formatSaoPaulo, isoToSaoPauloInput, saoPauloToIso } from './sao-paulo-time';

interface HubAsOfPanelProps {
  hubId: string;
  /** On a locker's history: only that locker. */
  lockerId?: string;
}

/**
 * "O Hub como estava em": pick an instant (São Paulo time) and see the Hub's lockers, their
 * status and the bookings open at that instant, folded by the server from the log.
 */
export function HubAsOfPanel({ hubId, lockerId }: HubAsOfPanelProps) {
  const [params, setParams] = useSearchParams();
  const wall = params.get(PARAM.asOf);
  const at = wall ? saoPauloToIso(wall) : null;
  const [draft, setDraft] = useState(() => (at ? wall! : isoToSaoPauloInput(Date.now())));
  const query = useHubAsOf(hubId, at);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saoPauloToIso(draft)) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(PARAM.asOf, draft);
      return next;
    });
  };

  const title = lockerId ? 'O locker como estava em' : 'O Hub como estava em';
  const lockers = query.data?.lockers.filter((l) => !lockerId || l.id === lockerId) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden /> {title}
        </CardTitle>
        <CardDescription>Escolha data e hora (horário de Brasília) para ver os lockers, o status de cada um e as reservas daquele instante.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="as-of-at">Data e hora</Label>
            <Input id="as-of-at" type="datetime-local" required value={draft} max={isoToSaoPauloInput(Date.now())} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <Button type="submit" disabled={!saoPauloToIso(draft) || query.isFetching}>
            Ver
          </Button>
        </form>

        {!at ? null : query.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2" role="status" aria-label="Carregando">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle className="size-4" aria-hidden /> {query.error.message || 'Erro ao carregar o Hub nesse instante.'}
            </p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden /> Tentar novamente
            </Button>
          </div>
        ) : (
          <section aria-live="polite" aria-label={`${title} ${formatSaoPaulo(query.data.at)}`} className="space-y-3">
            <p className="text-sm text-muted-foreground">
              Em <strong className="text-foreground">{formatSaoPaulo(query.data.at)}</strong>
              {query.data.hub ? ` — ${query.data.hub.name}` : ''}
            </p>
            {!query.data.hub ? (
              <p className="rounded-md bg-muted p-4 text-sm">Este Hub não existia nesse instante (ainda não cadastrado ou já removido).</p>
            ) : lockers.length === 0 ? (
              <p className="rounded-md bg-muted p-4 text-sm">
                {lockerId ? 'Este locker ainda não estava instalado nesse instante.' : 'Nenhum locker instalado nesse instante.'}
              </p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {lockers.map((locker) => (
                  <li key={locker.id}>
                    <AsOfLockerCard locker={locker} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
