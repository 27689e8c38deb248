import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatCents } from '@/lib/format';
import { useCancellationQuote, useCancelReservation } from '../api/cancel-reservation';

/**
 * 'Cancelar reserva' on an open reservation: the dialog first asks the server what cancelling now
 * would refund (the cancellation policy) and says it before the renter confirms.
 */
export function CancelReservationButton({ reservationId }: { reservationId: string }) {
  const [open, setOpen] = useState(false);
  const quote = useCancellationQuote(reservationId, open);
  const cancel = useCancelReservation(reservationId);

  const description = quote.isPending ? (
    <p role="status">Calculando o reembolso…</p>
  ) : quote.isError ? (
    <div className="space-y-2" role="alert">
      <p className="text-destructive">Não foi possível calcular o reembolso. {errorMessage(quote.error, '')}</p>
      <Button variant="outline" size="sm" onClick={() => void quote.refetch()}>
        Tentar de novo
      </Button>
    </div>
  ) : (
    <div className="space-y-2" data-testid="cancellation-quote">
      <p className="text-base font-semibold text-foreground">
        {quote.data.refund_cents > 0 ? `Você receberá ${formatCents(quote.data.refund_cents)} de volta.` : 'Nenhum valor será devolvido.'}
      </p>
      <p>{quote.data.message}</p>
      {cancel.isError && (
        <p className="text-destructive" role="alert">
          {errorMessage(cancel.error, 'Não foi possível cancelar a reserva. Tente novamente.')}
        </p>
      )}
    </div>
  );

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Cancelar reserva
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) cancel.reset();
        }}
        title="Cancelar esta reserva?"
        description={description}
        confirmLabel="Cancelar reserva"
        cancelLabel="Manter reserva"
        destructive
        pending={cancel.isPending}
        confirmDisabled={!quote.isSuccess}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
