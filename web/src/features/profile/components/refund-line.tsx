import Undo2 from 'lucide-react/icons/undo-2';
import type { Reservation } from '@/features/booking';
import { formatCents } from '@/lib/format';

type Refund = NonNullable<Reservation['refund']>;

const STATUS_TEXT: Record<Refund['status'], string> = {
  pending: 'em processamento',
  refunded: 'devolvido',
  failed: 'não realizado: fale com o suporte',
};

/** The refund of a cancelled reservation, as the profile shows it (amount and how it stands). */
export function RefundLine({ refund }: { refund: Refund }) {
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="reservation-refund">
      <Undo2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        Reembolso de {formatCents(refund.amount_cents)}:{' '}
        <span className={refund.status === 'failed' ? 'text-destructive' : 'font-medium'}>{STATUS_TEXT[refund.status]}</span>
      </span>
    </p>
  );
}
