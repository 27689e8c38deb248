import PackageOpen from 'lucide-react/icons/package-open';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useToggleLocker } from '../../api/toggle-locker';
import type { AdminHub, Locker, LockerChange } from '../../types';
import { LockerCard } from './locker-card';
import { ToggleResultDialog } from './toggle-result-dialog';
import { padLockerNumber } from '@/lib/format';
import { DoorStatePill, useHubDoors } from '@/features/doors';

interface HubLockersPanelProps {
  hub: AdminHub;
  isAdmin: boolean;
  lockerHistoryTo: (lockerId: string) => string;
}

/** 'Lockers': the cards in order; an admin turns one off (asked first: it moves bookings) or on. */
export function HubLockersPanel({ hub, isAdmin, lockerHistoryTo }: HubLockersPanelProps) {
  const toggle = useToggleLocker();
  const [confirming, setConfirming] = useState<Locker | null>(null);
  const [result, setResult] = useState<LockerChange | null>(null);
  const lockers = [...(hub.lockers ?? [])].sort((a, b) => a.order_number - b.order_number);
  // Issue 29: each door's last reported state (the same query as the 'Portas' card).
  const doors = useHubDoors(hub.id);
  const doorOf = (lockerId: string) => doors.data?.doors.find((d) => d.locker_id === lockerId && d.state !== null);

  const run = (locker: Locker) =>
    toggle.mutate(locker.id, {
      onSuccess: (change) => {
        setConfirming(null);
        const number = padLockerNumber(change.order_number);
        toast.success(change.status === 'Ativo' ? `Locker ${number} ativado.` : `Locker ${number} marcado como inativo.`);
        if ((change.moved?.length ?? 0) > 0 || (change.unmoved?.length ?? 0) > 0) setResult(change);
      },
      onError: (error) => {
        setConfirming(null);
        toast.error('Erro ao alterar o status do locker.', { description: errorMessage(error) });
      },
    });

  const onToggle = (locker: Locker) => (locker.status === 'Ativo' ? setConfirming(locker) : run(locker));

  if (lockers.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border bg-card p-8 text-center text-muted-foreground">
        <PackageOpen className="size-8" aria-hidden />
        <p>Nenhum locker instalado neste Hub.</p>
      </div>
    );
  }

  return (
    <>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(14.5rem,1fr))] gap-4" aria-label="Lockers">
        {lockers.map((locker) => (
          <li key={locker.id}>
            <LockerCard
              locker={locker}
              isAdmin={isAdmin}
              historyTo={lockerHistoryTo(locker.id)}
              bookTo={`/hubs/${encodeURIComponent(hub.id)}`}
              toggling={toggle.isPending && toggle.variables === locker.id}
              onToggle={onToggle}
              door={(() => {
                const door = doorOf(locker.id);
                return door ? <DoorStatePill state={door.state} /> : null;
              })()}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `Marcar o locker ${padLockerNumber(confirming.order_number)} como inativo?` : ''}
        description="Ele deixa de aceitar reservas. As reservas futuras serão movidas para um locker livre do mesmo tamanho; as que não couberem em nenhum continuam nele e serão listadas."
        confirmLabel="Marcar como Inativo"
        destructive
        pending={toggle.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
      <ToggleResultDialog change={result} onClose={() => setResult(null)} />
    </>
  );
}
