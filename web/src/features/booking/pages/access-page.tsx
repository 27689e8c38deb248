import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CreditCard from 'lucide-react/icons/credit-card';
import Home from 'lucide-react/icons/house';
import RotateCw from 'lucide-react/icons/rotate-cw';
import ShieldOff from 'lucide-react/icons/shield-off';
import Store from 'lucide-react/icons/store';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { reservationQueryOptions } from '@/features/booking/api/reservations-api';
import { AccessCodeCard } from '@/features/booking/components/access-code-card';
import { AwaitingPickupCard } from '@/features/booking/components/awaiting-pickup-card';
import { CodeNotYetCard } from '@/features/booking/components/code-not-yet-card';
import { DoorFailedCard } from '@/features/booking/components/door-failed-card';
import { ExtendReservationButton } from '@/features/booking/components/extend-reservation-dialog';
import { isClosed, lockerNumber } from '@/features/booking/components/reservation-format';
import { ReservationEndings, type AccessMode } from '@/features/booking/components/reservation-endings';
import { ReservationSummary } from '@/features/booking/components/reservation-summary';
import { reservationQueryStates } from '@/features/booking/components/reservation-query-states';
import { useAccessCode } from '@/features/booking/components/use-access-code';
import { useRequireLogin } from '@/features/booking/components/use-require-login';
import { STATUS_LABEL, type Reservation } from '@/features/booking/types';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

export default function AccessPage() {
  const { id = '' } = useParams();
  const allowed = useRequireLogin();
  const query = useQuery({ ...reservationQueryOptions(id), enabled: allowed && Boolean(id) });
  const reservation = query.data;
  // Codes are never readable later: ask for a fresh one as soon as the reservation is known to be
  // open (at once when coming from checkout, which leaves it in the cache).
  const open = Boolean(
    reservation && !isClosed(reservation.status) && reservation.status !== 'awaiting_pickup' && new Date(reservation.end_time).getTime() > Date.now(),
  );
  // Opened from the profile, the renter is back to take their goods out: 'final' mode.
  const [search] = useSearchParams();
  const mode: AccessMode = search.get('mode') === 'final' ? 'final' : 'deposit';
  const access = useAccessCode(id, allowed && open);

  usePageTitle('Código de acesso');

  const pending = reservationQueryStates(allowed, query, 'Reserva não encontrada.');
  if (pending || !query.data) return pending;
  return <Access reservation={query.data} access={access} mode={mode} offerExtension={search.get('estender') === '1'} />;
}

function Access({
  reservation,
  access,
  mode,
  offerExtension,
}: {
  reservation: Reservation;
  access: ReturnType<typeof useAccessCode>;
  mode: AccessMode;
  /** Came from a reminder's 'Estender reserva': the extension dialog opens by itself. */
  offerExtension: boolean;
}) {
  const hubPath = `/hubs/${encodeURIComponent(reservation.hub_id)}`;
  const closed = isClosed(reservation.status);
  const ended = new Date(reservation.end_time).getTime() <= Date.now();
  const lockerLabel = `locker Nº ${lockerNumber(reservation.locker.order_number)}`;
  const awaitingPickup = reservation.status === 'awaiting_pickup';
  const unavailable = !awaitingPickup && (closed || ended || (!access.current && Boolean(access.error)));
  const awaitingPayment = reservation.status === 'pending' && reservation.price > 0 && !closed;
  const startsLater = new Date(reservation.start_time).getTime() > Date.now();
  // Leaving for pickup or finishing needs a paid reservation whose window has begun.
  const canEnd = reservation.status === 'active' && !startsLater && !ended;

  const reason = closed
    ? `Esta reserva está ${STATUS_LABEL[reservation.status].toLowerCase()}.`
    : access.error instanceof ApiError && access.error.status > 0
      ? access.error.message
      : ended
        ? 'O período desta reserva já terminou.'
        : null;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <Link
        to={mode === 'final' ? '/profile' : hubPath}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {mode === 'final' ? 'Voltar ao perfil' : 'Voltar ao Hub'}
      </Link>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Seu acesso</h1>
        <p className="text-muted-foreground">
          {reservation.hub.name ?? reservation.hub_id} · Locker Nº {lockerNumber(reservation.locker.order_number)}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {awaitingPayment && (
            <div
              className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between"
              role="status"
            >
              <p className="text-sm">
                <span className="font-semibold">Pagamento pendente.</span> Conclua o pagamento para garantir sua reserva.
              </p>
              <Button asChild size="sm" variant="outline" className="shrink-0">
                <Link to={`/checkout/${reservation.id}`}>
                  <CreditCard aria-hidden /> Ir para o pagamento
                </Link>
              </Button>
            </div>
          )}

          {awaitingPickup ? (
            <AwaitingPickupCard lockerLabel={lockerLabel} />
          ) : access.notYet && !unavailable ? (
            <CodeNotYetCard message={access.notYet.message} lockerLabel={lockerLabel} />
          ) : unavailable ? (
            <Card className="overflow-hidden" role="alert">
              <div className="flex flex-col items-center gap-3 bg-destructive/5 px-6 py-10 text-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
                  <ShieldOff className="size-7" aria-hidden />
                </span>
                <h2 className="text-xl font-bold">Acesso Indisponível</h2>
                <p className="text-muted-foreground">Erro ao gerar código de acesso.</p>
                {reason && <p className="text-sm text-muted-foreground">{reason}</p>}
              </div>
              <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:justify-center">
                {!closed && !ended && (
                  <Button onClick={access.refresh} disabled={access.loading}>
                    <RotateCw className={access.loading ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
                  </Button>
                )}
                <Button asChild variant="outline">
                  <Link to={hubPath}>
                    <Store aria-hidden /> Fazer nova reserva
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <AccessCodeCard
              current={access.current}
              secondsLeft={access.secondsLeft}
              loading={access.loading}
              lockerLabel={lockerLabel}
              onRefresh={access.refresh}
            />
          )}

          {/* Issue 29: once the code opened the locker, 'A porta não abriu'. */}
          <DoorFailedCard reservation={reservation} />

          {reservation.status === 'active' && !ended && (
            <Card data-testid="extend-card">
              <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted-foreground">Precisa de mais tempo? Estenda no mesmo locker por 1, 2, 3 ou 6 horas.</p>
                <ExtendReservationButton reservation={reservation} className="shrink-0" startOpen={offerExtension} />
              </CardContent>
            </Card>
          )}

          {canEnd && <ReservationEndings reservationId={reservation.id} lockerLabel={lockerLabel} mode={mode} />}

          {!unavailable && !awaitingPickup && (
            <Card>
              <CardHeader className="pb-3">
                <CardTitle className="text-base">Como abrir seu locker</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="space-y-2 text-sm">
                  {[
                    `Vá até o Hub ${reservation.hub.name ?? reservation.hub_id} no horário da reserva.`,
                    'Digite o código de acesso no teclado do Hub.',
                    `Abra o ${lockerLabel}, guarde ou retire seus itens e feche a porta.`,
                  ].map((step, index) => (
                    <li key={step} className="flex gap-3">
                      <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-primary">
                        {index + 1}
                      </span>
                      <span className="pt-0.5">{step}</span>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <ReservationSummary reservation={reservation} title="Detalhes da reserva" showPricePerHour={false} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="outline" className="flex-1">
              <Link to={hubPath}>
                <Store aria-hidden /> Voltar ao Hub
              </Link>
            </Button>
            <Button asChild variant="ghost" className="flex-1">
              <Link to="/">
                <Home aria-hidden /> Ir para o início
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
