import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useAdminHub } from '../../api/get-admin-hub';
import { useDeleteLocker } from '../../api/delete-locker';
import type { AdminHub, Locker, LockerChange } from '../../types';
import { LockerDialog } from './locker-dialog';
import { LockersTable } from './lockers-table';
import { describeMoves, padLocker, type MovesReport } from './locker-moves';

type Editing = { mode: 'create' } | { mode: 'edit'; locker: Locker } | null;

/** The 'Lockers' tab: the Hub's lockers in order, each added, edited or removed in a dialog. */
export function HubLockersTab({ hub }: { hub: AdminHub }) {
  // The same query as the page's: a locker write invalidates it and this list follows.
  const live = useAdminHub(hub.id);
  const lockers = [...(live.data?.lockers ?? hub.lockers)].sort((a, b) => a.order_number - b.order_number);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Locker | null>(null);
  const [report, setReport] = useState<MovesReport | null>(null);
  const remove = useDeleteLocker();

  const onChanged = (change: LockerChange) => {
    const moves = describeMoves(change);
    setReport(moves);
    if (moves) toast.info(moves.summary, { duration: 10_000 });
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success('Locker removido com sucesso!');
      setRemoving(null);
    } catch (error) {
      // A locker with future bookings is refused (409): the server says how many, verbatim.
      toast.error('Erro ao remover locker', { description: errorMessage(error, 'Erro ao remover locker') });
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="hub-lockers-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hub-lockers-title" className="text-lg font-semibold">
          Lockers <span className="text-muted-foreground">({lockers.length})</span>
        </h2>
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus aria-hidden /> Adicionar locker
        </Button>
      </div>

      {report && (
        <div role="status" className="relative rounded-md border border-accent/50 bg-accent/10 p-3 pr-10 text-sm">
          <p className="font-medium">{report.summary}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {report.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setReport(null)}
            aria-label="Fechar aviso"
            className="absolute right-2 top-2 cursor-pointer rounded-sm p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}

      {lockers.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <p className="text-muted-foreground">Este Hub ainda não tem lockers.</p>
          <Button variant="outline" onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden /> Adicionar o primeiro locker
          </Button>
        </div>
      ) : (
        <LockersTable lockers={lockers} onEdit={(locker) => setEditing({ mode: 'edit', locker })} onRemove={setRemoving} />
      )}

      <LockerDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        hubId={hub.id}
        locker={editing?.mode === 'edit' ? editing.locker : undefined}
        nextOrder={lockers.length + 1}
        onChanged={onChanged}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remover o locker ${padLocker(removing.order_number)}?` : 'Remover locker?'}
        description="Esta ação não pode ser desfeita. Os demais lockers serão renumerados."
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </section>
  );
}
