import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Hub } from '@/features/hubs';
import { errorMessage } from '@/lib/api-client';
import { useDeleteHub } from '../../api/delete-hub';

interface DeleteHubDialogProps {
  /** The Hub to remove; null closes the dialog. */
  hub: Pick<Hub, 'id' | 'name' | 'locker_count'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * "Remove this Hub?" (spec: irreversible, its lockers go with it). A refusal (409: future
 * bookings) stays in the dialog in the server's own words, so the admin reads why.
 */
export function DeleteHubDialog({ hub, onClose, onDeleted }: DeleteHubDialogProps) {
  const remove = useDeleteHub();
  const [refusal, setRefusal] = useState<{ hubId: string; message: string } | null>(null);
  const message = hub && refusal?.hubId === hub.id ? refusal.message : null;

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    if (!hub) return;
    try {
      await remove.mutateAsync(hub.id);
      toast.success('Hub removido com sucesso');
      close();
      onDeleted?.();
    } catch (error) {
      const text = errorMessage(error, 'Erro ao remover o Hub');
      setRefusal({ hubId: hub.id, message: text });
      toast.error('Erro ao remover o Hub', { description: text });
    }
  };

  const lockers = hub?.locker_count ?? 0;
  return (
    <ConfirmDialog
      open={hub !== null}
      onOpenChange={(open) => !open && close()}
      title={hub ? `Remover o Hub ${hub.name}?` : 'Remover Hub?'}
      description={
        <>
          <p>
            Esta ação é irreversível: o Hub <strong className="text-foreground">{hub?.id}</strong> e{' '}
            {lockers === 1 ? 'o seu locker serão removidos' : `todos os seus ${lockers} lockers serão removidos`}.
          </p>
          {message && (
            <p role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive">
              {message}
            </p>
          )}
        </>
      }
      confirmLabel="Remover Hub"
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
