import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import type { AccessRequestItem } from '../types';

/** 'Recusar' asks the reason the renter will read; it cannot be sent empty. */
export function DenyDialog({
  request,
  pending,
  onClose,
  onDeny,
}: {
  request: AccessRequestItem | null;
  pending: boolean;
  onClose: () => void;
  onDeny: (reason: string) => void;
}) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) onDeny(reason.trim());
  };
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (open || pending) return;
        setReason('');
        setTouched(false);
        onClose();
      }}
    >
      <DialogContent>
        <DialogTitle>Recusar solicitação</DialogTitle>
        <DialogDescription>
          {request ? `${request.userName} pediu acesso a ${request.hubName ?? request.hubId}. ` : ''}O motivo é mostrado ao usuário.
        </DialogDescription>
        <form onSubmit={submit} className="mt-2 flex flex-col gap-3" noValidate>
          <Label htmlFor={`${ids}-reason`}>Motivo da recusa</Label>
          <Textarea
            id={`${ids}-reason`}
            value={reason}
            maxLength={500}
            rows={3}
            required
            aria-invalid={touched && empty}
            aria-describedby={touched && empty ? `${ids}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Ex.: não encontramos seu cadastro no condomínio."
          />
          {touched && empty && (
            <p id={`${ids}-error`} className="text-sm text-destructive" role="alert">
              Informe o motivo da recusa.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden />}
              Recusar
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
