import { useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import KeyRound from 'lucide-react/icons/key-round';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import XCircle from 'lucide-react/icons/circle-x';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth';
import { reservationQueryOptions, usePayReservation } from '@/features/booking/api/reservations-api';
import { CustomerCard } from '@/features/booking/components/customer-card';
import { PaymentDeadline } from '@/features/booking/components/payment-deadline';
import { PaymentMethods, type PaymentMethod } from '@/features/booking/components/payment-methods';
import { hoursLabel, isClosed, reservationHours } from '@/features/booking/components/reservation-format';
import { ReservationSummary } from '@/features/booking/components/reservation-summary';
import { reservationQueryStates } from '@/features/booking/components/reservation-query-states';
import { StatusPanel } from '@/components/ui/status-panel';
import { usePaymentDeadline } from '@/features/booking/components/use-payment-deadline';
import { useRequireLogin } from '@/features/booking/components/use-require-login';
import { STATUS_LABEL, type PaidWith, type Reservation } from '@/features/booking/types';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCents, formatDateTime, formatReais } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { usePageTitle } from '@/lib/use-page-title';

// Checkout (spec "Checkout", §4 Booking flow): idle → processing (2 s simulated) → the server
// confirms the payment → 'Pagamento confirmado!' → the access page 2 s later. With a real PSP
// (issue 28) the renter pays the charge's BR Code in their bank app and the page turns by itself
// when the PSP's webhook has paid it: the server's push ('reservation:changed') refetches it, and
// polling every 5 s while it is pending covers a lost socket. "Já paguei" asks the PSP directly.
const POLL_MS = 5000;
const PROCESSING_MS = 2000;
const REDIRECT_MS = 2000;
const METHOD_LABEL: Record<PaidWith, string> = { credit_card: 'Cartão de Crédito', pix: 'PIX', partner_invoice: 'fatura do parceiro' };

type Phase = 'idle' | 'processing' | 'confirmed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const allowed = useRequireLogin();
  const query = useQuery({
    ...reservationQueryOptions(id),
    enabled: allowed && Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false),
  });

  usePageTitle('Pagamento');

  const pending = reservationQueryStates(allowed, query, 'Reserva não encontrada ou não autorizada');
  if (pending || !query.data) return pending;
  return <Checkout reservation={query.data} />;
}

function Checkout({ reservation }: { reservation: Reservation }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = usePayReservation(reservation.id);
  const [phase, setPhase] = useState<Phase>('idle');
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const realPsp = reservation.payment !== null && !reservation.payment.test;
  const mounted = useRef(true);
  const redirectTimer = useRef<number | undefined>(undefined);
  // An unpaid reservation holds its locker until payment_due_at; the server may also say so first.
  // The deadline is kept as first seen: once it passes, the server expires the reservation and
  // stops sending it, and this page should go on saying why paying is no longer possible.
  const [dueAt] = useState(() => (reservation.status === 'pending' ? (reservation.payment_due_at ?? null) : null));
  const secondsToPay = usePaymentDeadline(dueAt);
  const [refusedAsLate, setRefusedAsLate] = useState(false);
  const windowOver = refusedAsLate || secondsToPay === 0;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(redirectTimer.current);
    };
  }, []);

  const accessPath = `/access/${reservation.id}`;
  // Seen unpaid here and now paid (the webhook, another tab): the payment arrived while waiting.
  const seenPending = useRef(reservation.status === 'pending');
  useEffect(() => {
    if (!seenPending.current || phase !== 'idle' || reservation.status !== 'active') return;
    seenPending.current = false;
    if (reservation.payment_method === 'credit_card' || reservation.payment_method === 'pix') setMethod(reservation.payment_method);
    setPhase('confirmed');
    toast.success('Pagamento confirmado!');
    redirectTimer.current = window.setTimeout(() => navigate(accessPath), REDIRECT_MS);
  }, [reservation.status, reservation.payment_method, phase, navigate, accessPath]);
  const hours = reservationHours(reservation.start_time, reservation.end_time);

  const submit = async () => {
    if (phase !== 'idle' || windowOver) return;
    setPhase('processing');
    if (!realPsp) await sleep(PROCESSING_MS); // a real PSP is asked at once ("Já paguei")
    if (!mounted.current) return;
    try {
      await pay.mutateAsync(method);
    } catch (error) {
      if (!mounted.current) return;
      toast.error(errorMessage(error, 'Erro ao processar o pagamento. Tente novamente.'));
      if (error instanceof ApiError && error.code === 'payment_window_closed') setRefusedAsLate(true);
      // A conflict means the reservation changed under this page (expired, paid elsewhere): reload it.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.detail(reservation.id) });
      setPhase('idle');
      return;
    }
    if (!mounted.current) return;
    seenPending.current = false;
    setPhase('confirmed');
    toast.success('Pagamento confirmado!');
    redirectTimer.current = window.setTimeout(() => navigate(accessPath), REDIRECT_MS);
  };

  if (phase === 'confirmed') {
    return (
      <StatusPanel
        icon={CheckCircle2}
        tone="success"
        title="Pagamento confirmado!"
        role="status"
        description={
          <>
            <p>
              {formatCents(reservation.price)} pagos com {METHOD_LABEL[method]}.
            </p>
            <p className="mt-3 flex items-center justify-center gap-2 text-sm">
              <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden /> Redirecionando para o código de acesso...
            </p>
          </>
        }
      >
        <Button asChild size="lg">
          <Link to={accessPath}>
            <KeyRound aria-hidden /> Ver código de acesso
          </Link>
        </Button>
      </StatusPanel>
    );
  }

  const paid =
    phase === 'idle' &&
    (reservation.status === 'active' || reservation.status === 'awaiting_pickup' || Boolean(reservation.paid_at && !isClosed(reservation.status)));
  const closed = phase === 'idle' && isClosed(reservation.status) && !windowOver;
  const processing = phase === 'processing';
  const hubPath = `/hubs/${encodeURIComponent(reservation.hub_id)}`;
  const showDeadline = !paid && !closed && (secondsToPay !== null || refusedAsLate);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <Link to={hubPath} className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Voltar ao Hub
      </Link>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{paid ? 'Reserva confirmada' : closed ? 'Reserva encerrada' : 'Finalizar reserva'}</h1>
        <p className="text-muted-foreground">
          {paid
            ? 'O pagamento desta reserva já foi confirmado.'
            : closed
              ? 'Esta reserva não está mais disponível para pagamento.'
              : windowOver
                ? 'Esta reserva não pode mais ser paga.'
                : 'Revise os dados da reserva e escolha como pagar.'}
        </p>
        {showDeadline && (
          <div className="mt-4">
            <PaymentDeadline secondsLeft={windowOver ? 0 : (secondsToPay ?? 0)} hubPath={hubPath} />
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <ReservationSummary reservation={reservation} />
          <CustomerCard user={user} />
          {!paid && !closed && !windowOver && (
            <PaymentMethods method={method} onMethodChange={setMethod} disabled={processing} payment={reservation.payment} secondsLeft={secondsToPay} />
          )}
        </div>

        <aside className={cn('lg:sticky lg:top-24', (paid || closed) && 'order-first lg:order-none')} aria-label="Pagamento">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle>Valor da reserva</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <dl className="space-y-2 text-sm">
                <div className="grid grid-cols-[1fr_auto] gap-x-3">
                  <dt className="text-muted-foreground">Subtotal</dt>
                  <dd className="col-start-2 row-start-1 font-medium">{formatCents(reservation.price)}</dd>
                  <dd className="text-xs text-muted-foreground">
                    {hoursLabel(hours)} × {formatReais(reservation.price_per_hour)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">Taxa de serviço</dt>
                  <dd className="font-medium">{formatCents(0)}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-3 border-t pt-3 text-base">
                  <dt className="font-semibold">Total</dt>
                  <dd className="text-xl font-bold text-primary" data-testid="checkout-total">
                    {formatCents(reservation.price)}
                  </dd>
                </div>
              </dl>

              {paid ? (
                <div className="flex flex-col gap-3 rounded-lg bg-success/10 p-4" role="status">
                  <p className="flex items-center gap-2 font-semibold text-success">
                    <CheckCircle2 className="size-5" aria-hidden /> Reserva paga
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {reservation.paid_at ? `Pagamento confirmado em ${formatDateTime(reservation.paid_at)}` : 'Pagamento confirmado'}
                    {reservation.payment_method ? ` via ${METHOD_LABEL[reservation.payment_method]}.` : '.'}
                  </p>
                  <Button asChild size="lg" className="w-full">
                    <Link to={accessPath}>
                      <KeyRound aria-hidden /> Ver código de acesso
                    </Link>
                  </Button>
                </div>
              ) : closed ? (
                <div className="flex flex-col gap-3 rounded-lg bg-muted p-4" role="status">
                  <p className="flex items-center gap-2 font-semibold">
                    <XCircle className="size-5 text-destructive" aria-hidden /> Reserva {STATUS_LABEL[reservation.status].toLowerCase()}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {reservation.paid_at ? 'Esta reserva já foi encerrada.' : 'Esta reserva não pode mais ser paga.'} Faça uma nova reserva no Hub.
                  </p>
                  <Button asChild variant="outline" className="w-full">
                    <Link to={hubPath}>Fazer nova reserva</Link>
                  </Button>
                </div>
              ) : (
                <>
                  <Button size="lg" className="w-full" onClick={() => void submit()} disabled={processing || windowOver} aria-busy={processing || undefined}>
                    {processing ? (
                      <>
                        <LoaderCircle className="animate-spin" aria-hidden /> Processando pagamento...
                      </>
                    ) : realPsp ? (
                      'Já paguei'
                    ) : (
                      `Pagar ${formatCents(reservation.price)}`
                    )}
                  </Button>
                  <p className="text-center text-xs text-muted-foreground">
                    Ao pagar, você concorda com os{' '}
                    <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
                      Termos de uso
                    </Link>
                    .
                  </p>
                </>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
