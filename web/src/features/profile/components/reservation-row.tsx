import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ExtendReservationButton, STATUS_LABEL, type Reservation } from '@/features/booking';
import { formatCents, formatDateTime } from '@/lib/format';
import { CancelReservationButton } from './cancel-reservation-dialog';
import { RefundLine } from './refund-line';

const badgeVariant = {
  pending: 'warning',
  active: 'success',
  awaiting_pickup: 'outline',
  completed: 'secondary',
  cancelled: 'destructive',
  expired: 'outline',
} as const;

export function ReservationRow({ reservation: r }: { reservation: Reservation }) {
  const open = r.status === 'pending' || r.status === 'active';
  // From the profile the renter comes back to take their goods out: the access page's 'final' mode.
  const target = r.status === 'pending' ? `/checkout/${r.id}` : `/access/${r.id}?mode=final`;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="reservation-row">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold break-words">{r.hub.name ?? r.hub_id}</span>
          <Badge variant="outline">{r.hub_id}</Badge>
          <Badge variant={badgeVariant[r.status]}>{STATUS_LABEL[r.status]}</Badge>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden /> Locker {String(r.locker.order_number).padStart(2, '0')} · tamanho {r.locker.size}
        </p>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {formatDateTime(r.start_time)} – {formatDateTime(r.end_time)}
          </span>
        </p>
        {r.refund && <RefundLine refund={r.refund} />}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:flex-nowrap sm:items-end">
        <span className="font-semibold">{formatCents(r.price)}</span>
        {open && (
          <Link to={target} className="text-sm font-medium text-primary hover:underline">
            {r.status === 'pending' ? 'Pagar' : 'Ver código de acesso'}
          </Link>
        )}
        {r.status === 'active' && new Date(r.end_time).getTime() > Date.now() && <ExtendReservationButton reservation={r} size="sm" />}
        {open && <CancelReservationButton reservationId={r.id} />}
      </div>
    </Card>
  );
}
