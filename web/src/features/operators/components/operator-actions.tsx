import Pencil from 'lucide-react/icons/pencil';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash-2';
import { Button } from '@/components/ui/button';
import type { Operator } from '../types';

export interface OperatorHandlers {
  onEdit: (operator: Operator) => void;
  onRemove: (operator: Operator) => void;
  onResend: (operator: Operator) => void;
}

/** Editar, Reenviar convite (only while pending), Remover (never for the master). */
export function OperatorActions({ operator, onEdit, onRemove, onResend }: { operator: Operator } & OperatorHandlers) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" aria-label={`Editar ${operator.name}`} title="Editar" onClick={() => onEdit(operator)}>
        <Pencil aria-hidden />
      </Button>
      {operator.invitation_pending && (
        <Button variant="ghost" size="icon" aria-label={`Reenviar convite para ${operator.name}`} title="Reenviar convite" onClick={() => onResend(operator)}>
          <Send aria-hidden />
        </Button>
      )}
      {!operator.is_master && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          aria-label={`Remover ${operator.name}`}
          title="Remover"
          onClick={() => onRemove(operator)}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}
