import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { errorMessage } from '@/lib/api-client';
import { useCreateOperator, useUpdateOperator } from '../api/operators-api';
import type { Operator } from '../types';
import { OperatorForm, type OperatorFormResult } from './operator-form';

export const ADDED = 'Operador adicionado com sucesso! Enviaremos um email com as instruções de acesso.';

interface OperatorSheetProps {
  /** 'new' adds; an operator edits; null is closed. */
  editing: Operator | 'new' | null;
  masterEmail: string | null;
  onClose: () => void;
  /** Extra form sections for an operator being edited. */
  sections?: (operator: Operator) => ReactNode;
}

/** Add or edit in a side panel, over the list (like the Hub edit sheet). */
export function OperatorSheet({ editing, masterEmail, onClose, sections }: OperatorSheetProps) {
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const [serverError, setServerError] = useState<string>();
  const operator = editing === 'new' ? undefined : (editing ?? undefined);

  const close = () => {
    setServerError(undefined);
    onClose();
  };

  const save = async (result: OperatorFormResult) => {
    setServerError(undefined);
    try {
      if (result.kind === 'create') {
        await create.mutateAsync(result.body);
        toast.success(ADDED);
      } else if (operator && Object.keys(result.body).length > 0) {
        await update.mutateAsync({ id: operator.id, body: result.body });
        toast.success('Operador atualizado com sucesso!');
      } else {
        toast.info('Nenhuma alteração detectada.');
      }
      close();
    } catch (error) {
      const message = errorMessage(error, result.kind === 'create' ? 'Erro ao adicionar operador' : 'Erro ao atualizar operador');
      setServerError(message);
      toast.error(message);
    }
  };

  return (
    <Sheet open={editing !== null} onOpenChange={(open) => !open && close()}>
      <SheetContent className="max-w-lg">
        <div className="space-y-1 pr-8">
          <SheetTitle>{operator ? 'Editar Operador' : 'Novo Operador'}</SheetTitle>
          <SheetDescription>{operator ? operator.email : 'Adicione um operador. Ele recebe um email para definir a senha.'}</SheetDescription>
        </div>
        {editing !== null && (
          <OperatorForm
            key={operator?.id ?? 'new'}
            operator={operator}
            masterEmail={masterEmail}
            serverError={serverError}
            pending={create.isPending || update.isPending}
            onSubmit={(result) => void save(result)}
            onCancel={close}
          />
        )}
        {/* Outside the operator's form: a section may be a form of its own (the Hubs editor). */}
        {operator && sections?.(operator)}
      </SheetContent>
    </Sheet>
  );
}
