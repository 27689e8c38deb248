import MapPin from 'lucide-react/icons/map-pin';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LockerIllustration } from '@/features/hubs';
import { formatDateTime, formatReais } from '@/lib/format';
import { STATUS_LABEL, type Reservation } from '../types';
import { STATUS_BADGE, hoursLabel, lockerNumber, reservationHours, sizeLabel } from './reservation-format';

export function hubAddressLine(hub: Reservation['hub']) {
  return [hub.address, [hub.city, hub.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
}

/** The reservation as the checkout and access pages describe it. */
export function ReservationSummary({
  reservation,
  title = 'Resumo da reserva',
  showPricePerHour = true,
}: {
  reservation: Reservation;
  title?: string;
  showPricePerHour?: boolean;
}) {
  const hours = reservationHours(reservation.start_time, reservation.end_time);
  const rows: Array<[string, string]> = [
    ['Locker', `Nº ${lockerNumber(reservation.locker.order_number)}`],
    ['Tamanho', sizeLabel(reservation.locker.size)],
    ['Início', formatDateTime(reservation.start_time)],
    ['Término', formatDateTime(reservation.end_time)],
    ['Duração', hoursLabel(hours)],
  ];
  if (showPricePerHour) rows.push(['Valor por hora', `${formatReais(reservation.price_per_hour)}/h`]);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-4">
        <CardTitle>{title}</CardTitle>
        <Badge variant={STATUS_BADGE[reservation.status]}>{STATUS_LABEL[reservation.status]}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-center gap-4 rounded-lg bg-muted/60 p-4">
          <div className="w-20 shrink-0 sm:w-24">
            <LockerIllustration size={reservation.locker.size} />
          </div>
          <div className="min-w-0">
            <p className="font-semibold leading-tight">
              {reservation.hub.name ?? 'Hub'} <span className="font-mono text-sm font-normal text-muted-foreground">({reservation.hub.id})</span>
            </p>
            <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span>{hubAddressLine(reservation.hub) || 'Endereço não informado'}</span>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
