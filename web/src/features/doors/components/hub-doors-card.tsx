import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import DoorClosed from 'lucide-react/icons/door-closed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { padLockerNumber } from '@/lib/format';
import { useHubDoors } from '../api/get-hub-doors';
import { doorDetail } from '../door-labels';
import { ControllerBadge } from './controller-badge';
import { DoorStatePill } from './door-state-pill';

/**
 * 'Portas' of a Hub's page (admin and logistics, issue 29 item 4): the controller's badge and each
 * door's latest state, live (`doors:changed` pushes, a poll for what a socket missed).
 */
export function HubDoorsCard({ hubId }: { hubId: string }) {
  const query = useHubDoors(hubId);
  return (
    <Card>
      <CardHeader className="space-y-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <DoorClosed className="size-5" aria-hidden /> Portas
        </CardTitle>
        <CardDescription>O que o controlador do Hub informou por último.</CardDescription>
        {/* Announced when it changes: going offline matters to whoever is looking. */}
        <div aria-live="polite">{query.data && <ControllerBadge controller={query.data.controller} />}</div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Carregando portas...">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="space-y-2 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle className="size-4" aria-hidden /> Erro ao carregar as portas.
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : query.data.doors.length === 0 ? (
          <p className="text-sm text-muted-foreground">Este Hub não tem lockers.</p>
        ) : (
          <ul className="space-y-2" aria-label="Estado das portas" aria-live="polite">
            {query.data.doors.map((door) => {
              const detail = doorDetail(door);
              return (
                <li key={door.locker_id} className="flex items-start justify-between gap-3 rounded-md border p-2 text-sm" data-door={door.locker_order}>
                  <span className="shrink-0 whitespace-nowrap font-medium">Porta {padLockerNumber(door.locker_order)}</span>
                  <span className="flex min-w-0 flex-col items-end gap-0.5 text-right">
                    <DoorStatePill state={door.state} />
                    {detail && <span className="text-xs text-muted-foreground">{detail}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
