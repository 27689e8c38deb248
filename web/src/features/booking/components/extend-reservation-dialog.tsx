import CalendarClock from 'lucide-react/icons/calendar-clock';
import ClockPlus from 'lucide-react/icons/clock-plus';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { EXTENSION_CHOICES, useExtendReservation, useExtensionQuotes } from '@/features/booking/api/extension-api';
import type { PaymentMethod, Reservation } from '@/features/booking/types';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCents, formatDateTime } from '@/lib/format';
import type { ExtensionChargeView } from '@contract/reservations/extension-schemas';
import { ExtensionPix } from './extension-pix';

// 'Estender reserva' (issue 28): +1, +2, +3 or +6 hours on the same locker. Each choice shows its
// price and new end before anything is paid (the server's quote); a choice over the maximum hours
// or past the next booking of the locker is disabled with the reason; then 'Confirmar e pagar'.

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'credit_card', label: 'Cartão de crédito' },
  { value: 'pix', label: 'PIX' },
];

type Quotes = ReturnType<typeof useExtensionQuotes>;

/** Why a choice cannot be taken, in the server's words; null while it can. */
function refusalOf(quote: Quotes[number]): string | null {
  if (quote.error) return errorMessage(quote.error, 'Não foi possível consultar esta opção.');
  if (quote.data && !quote.data.available) return 'O locker não está livre por todo esse tempo.';
  return null;
}

export function ExtendReservationDialog({
  reservation,
  open,
  onOpenChange,
}: {
  reservation: Reservation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const quotes = useExtensionQuotes(reservation.id, open);
  const extend = useExtendReservation(reservation.id);
  const [chosen, setChosen] = useState<number | null>(null);
  // The booking's charge says whether money is real: then only PIX pays, and the PSP confirms it.
  const realMoney = reservation.payment ? !reservation.payment.test : false;
  const [method, setMethod] = useState<PaymentMethod>(realMoney ? 'pix' : 'credit_card');
  const [charge, setCharge] = useState<{ view: ExtensionChargeView; fromEnd: string } | null>(null);
  // The PSP confirmed the PIX: the reservation (pushed or polled) ends later than when charged.
  useEffect(() => {
    if (!charge || reservation.end_time === charge.fromEnd) return;
    toast.success(`Reserva estendida até ${formatDateTime(reservation.end_time)}.`);
    setCharge(null);
    onOpenChange(false);
  }, [charge, reservation.end_time, onOpenChange]);
  const loading = quotes.some((q) => q.isPending);
  // The earliest "free until" any choice met: what the renter is told about the locker.
  const freeUntil = quotes.map((q) => q.data?.free_until ?? null).find((at) => at !== null) ?? null;
  const firstFit = EXTENSION_CHOICES.find((_, i) => quotes[i] && !quotes[i].isPending && refusalOf(quotes[i]) === null) ?? null;
  const selected = chosen ?? firstFit;
  const selectedQuote = selected === null ? undefined : quotes[EXTENSION_CHOICES.indexOf(selected as (typeof EXTENSION_CHOICES)[number])]?.data;

  const confirm = () => {
    if (selected === null) return;
    extend.mutate(
      { hours: selected, method },
      {
        onSuccess: (next) => {
          if (!('id' in next)) {
            setCharge({ view: next, fromEnd: reservation.end_time });
            return;
          }
          toast.success(`Reserva estendida até ${formatDateTime(next.end_time)}.`);
          setChosen(null);
          onOpenChange(false);
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Não foi possível estender a reserva.'));
          // The locker may have been booked meanwhile: ask again what fits.
          if (error instanceof ApiError && error.code === 'locker_busy') for (const q of quotes) void q.refetch();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !extend.isPending && onOpenChange(next)}>
      <DialogContent data-testid="extend-dialog" aria-describedby={`${ids}-desc`}>
        <DialogTitle className="flex items-center gap-2">
          <ClockPlus className="size-5 text-primary" aria-hidden /> Estender reserva
        </DialogTitle>
        <DialogDescription id={`${ids}-desc`}>
          Sua reserva termina em {formatDateTime(reservation.end_time)}. Escolha quanto tempo a mais no mesmo locker; o preço aparece antes de pagar.
        </DialogDescription>

        {charge ? <ExtensionPix reservationId={reservation.id} charge={charge.view} /> : choices()}
      </DialogContent>
    </Dialog>
  );

  // The choices, the summary and the payment (a plain function, not a component: no remount).
  function choices() {
    return (
      <>
        {freeUntil && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="status"
            data-testid="extend-free-until"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Este locker está livre só até {formatDateTime(freeUntil)}.
              {firstFit !== null ? ' As opções que cabem estão abaixo.' : ' Não há extensão possível agora.'}
            </span>
          </p>
        )}

        <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy={loading}>
          <legend className="sr-only">Horas a mais</legend>
          {EXTENSION_CHOICES.map((hours, i) => {
            const quote = quotes[i]!;
            const refusal = quote.isPending ? null : refusalOf(quote);
            const disabled = quote.isPending || refusal !== null || extend.isPending;
            const id = `${ids}-h${hours}`;
            return (
              <label
                key={hours}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-3 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  selected === hours && !disabled ? 'border-primary bg-secondary' : 'border-border',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name={`${ids}-hours`}
                  className="sr-only"
                  value={hours}
                  checked={selected === hours}
                  disabled={disabled}
                  onChange={() => setChosen(hours)}
                  aria-describedby={refusal ? `${id}-why` : undefined}
                />
                <span className="text-lg font-semibold">+{hours} h</span>
                {quote.isPending ? (
                  <Skeleton className="h-4 w-14" />
                ) : quote.data ? (
                  <span className="text-sm text-muted-foreground">{formatCents(quote.data.price_cents)}</span>
                ) : null}
                {refusal && (
                  <span id={`${id}-why`} className="text-xs text-muted-foreground">
                    {refusal}
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>

        <div className="rounded-lg border bg-muted/40 p-4" aria-live="polite" data-testid="extend-summary">
          {loading ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircle className="size-4 animate-spin" aria-hidden /> Consultando preço e disponibilidade...
            </p>
          ) : selectedQuote && selected !== null ? (
            <dl className="grid grid-cols-2 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Novo término</dt>
              <dd className="flex items-center justify-end gap-1.5 font-medium" data-testid="extend-new-end">
                <CalendarClock className="size-4" aria-hidden /> {formatDateTime(selectedQuote.end_time)}
              </dd>
              <dt className="text-muted-foreground">Valor (+{selected} h)</dt>
              <dd className="text-right text-base font-semibold" data-testid="extend-price">
                {formatCents(selectedQuote.price_cents)}
              </dd>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">Nenhuma opção de extensão está disponível para esta reserva.</p>
          )}
        </div>

        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">Forma de pagamento</legend>
          {METHODS.filter((m) => !realMoney || m.value === 'pix').map((m) => (
            <label key={m.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-method`}
                value={m.value}
                checked={method === m.value}
                onChange={() => setMethod(m.value)}
                disabled={extend.isPending}
              />
              {m.label}
            </label>
          ))}
        </fieldset>
        {!realMoney && <p className="text-xs text-muted-foreground">Pagamento simulado: nenhum valor real será cobrado.</p>}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={extend.isPending}>
            Cancelar
          </Button>
          <Button onClick={confirm} disabled={selected === null || !selectedQuote || extend.isPending} data-testid="extend-confirm">
            {extend.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
            Confirmar e pagar
          </Button>
        </div>
      </>
    );
  }
}

/**
 * The button that opens the dialog, for the access page and the profile; `startOpen` opens it at
 * once (the reminder's 'Estender reserva' link lands on the access page with ?estender=1).
 */
export function ExtendReservationButton({
  reservation,
  className,
  size,
  startOpen = false,
}: {
  reservation: Reservation;
  className?: string;
  size?: 'sm' | 'default';
  startOpen?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <Button variant="outline" size={size} className={className} onClick={() => setOpen(true)} data-testid="extend-open">
        <ClockPlus aria-hidden /> Estender reserva
      </Button>
      {open && <ExtendReservationDialog reservation={reservation} open={open} onOpenChange={setOpen} />}
    </>
  );
}
