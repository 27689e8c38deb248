import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useRemoveOperator } from '../api/operators-api';
import type { Operator } from '../types';

/** "Remover operador?": the account stays as a user; its access to the dashboard ends at once. */
export function RemoveOperatorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const remove = useRemoveOperator();
  const confirm = async () => {
    if (!operator) return;
    try {
      await remove.mutateAsync(operator.id);
      toast.success('Operador removido com sucesso!');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Erro ao remover operador'));
    }
  };
  return (
    <ConfirmDialog
      open={operator !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remover operador?"
      description={
        <p>
          Tem certeza que deseja remover o operador <strong className="text-foreground">"{operator?.name}"</strong>? O acesso ao dashboard termina na hora; a
          conta continua como usuário.
        </p>
      }
      confirmLabel="Remover"
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
