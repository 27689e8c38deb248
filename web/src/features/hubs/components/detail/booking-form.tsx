import CalendarClock from 'lucide-react/icons/calendar-clock';
import Info from 'lucide-react/icons/info';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogIn from 'lucide-react/icons/log-in';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DatePicker } from '@/components/ui/lazy-date-picker';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/auth';
import { useCreateReservation } from '@/features/booking';
import { SIZE_CATALOGUE, type Hub, type LockerSize, type SizeAvailability } from '@/features/hubs/types';
import { ApiError } from '@/lib/api-client';
import { MAX_DAYS_AHEAD } from '@/lib/booking-horizon';
import { formatCents, formatDate, formatReais, formatTime } from '@/lib/format';
import { forgetPendingBooking, savePendingBooking, type PendingBooking } from '@/lib/pending-booking';
import { StorageKeys, storage } from '@/lib/storage';
import {
  ALL_SLOTS,
  DURATIONS_HOURS,
  billableHours,
  currentSlot,
  durationLabel,
  endOfLocalDay,
  localDateTime,
  priceCents,
  slotsFor,
  toDateInput,
  todayInput,
} from './booking-time';

const GENERIC_ERROR = 'Erro ao criar reserva. Por favor, tente novamente.';

/** "now", refreshed every 30 s so today's slots and the default start stay current. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function BookingForm({
  hub,
  size,
  availability,
  pricePerHour,
  initial,
}: {
  hub: Hub;
  size: LockerSize | null;
  availability: SizeAvailability | null;
  pricePerHour: number;
  /** Choices kept across a login detour; a past date or slot falls back to the first valid one. */
  initial?: PendingBooking | null;
}) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const createReservation = useCreateReservation();
  const now = useNow();
  const ids = useId();

  const [date, setDate] = useState(() => {
    const today = todayInput(new Date());
    return initial?.date && /^\d{4}-\d{2}-\d{2}$/.test(initial.date) && initial.date >= today ? initial.date : today;
  });
  const [slot, setSlot] = useState(() => (initial?.slot && ALL_SLOTS.includes(initial.slot) ? initial.slot : currentSlot(new Date())));
  const [hours, setHours] = useState<number>(() => DURATIONS_HOURS.find((h) => h === initial?.hours) ?? 1);

  const isPrivate = hub.private;
  const today = todayInput(now);
  const effectiveDate = isPrivate ? today : date;
  const dateInPast = effectiveDate < today;
  const slots = useMemo(() => slotsFor(effectiveDate, now), [effectiveDate, now]);

  // A slot that slid into the past (time passed, or the date changed to today) moves to the first valid one.
  useEffect(() => {
    if (slots.length && !slots.includes(slot)) setSlot(slots[0]!);
  }, [slots, slot]);

  const chosenSlot = slots.includes(slot) ? slot : (slots[0] ?? slot);
  const start = localDateTime(effectiveDate, chosenSlot);
  const end = start ? (isPrivate ? endOfLocalDay(start) : new Date(start.getTime() + hours * 3_600_000)) : null;
  const total = start && end ? priceCents(start, end, pricePerHour) : 0;
  const showPrice = !isPrivate && pricePerHour > 0;

  const noActiveLocker = !availability || availability.total === 0;
  const busy = createReservation.isPending;
  const canSubmit = Boolean(size && start && end && !dateInPast && !noActiveLocker && !busy);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!size || !start || !end || !canSubmit) return;
    if (!isAuthenticated) {
      savePendingBooking({ hubId: hub.id, size, date: effectiveDate, slot: chosenSlot, hours });
      storage.set(StorageKeys.redirectAfterAuth, location.pathname);
      navigate('/login');
      return;
    }
    createReservation.mutate(
      { hub_id: hub.id, size, start_time: start.toISOString(), end_time: end.toISOString() },
      {
        onSuccess: (reservation) => {
          forgetPendingBooking();
          toast.success('Reserva criada com sucesso!');
          navigate(isPrivate ? `/access/${reservation.id}` : `/checkout/${reservation.id}`);
        },
        onError: (error) => {
          toast.error(error instanceof ApiError && error.status > 0 && error.message ? error.message : GENERIC_ERROR);
        },
      },
    );
  };

  if (!size) {
    return (
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <MousePointerClick className="size-6" aria-hidden />
          </span>
          <p className="font-semibold">Selecione um tamanho</p>
          <p className="text-sm text-muted-foreground">Escolha um dos lockers para ver os horários e o valor da reserva.</p>
        </CardContent>
      </Card>
    );
  }

  const info = SIZE_CATALOGUE[size];
  const sameDay = start && end && formatDate(start) === formatDate(end);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden /> Reservar locker
        </CardTitle>
        <CardDescription>
          {info.name} ({size}) · {info.dimensions}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label={`Reservar locker ${info.name}`} noValidate>
          {!isPrivate && (
            <div className="flex flex-col gap-2">
              <Label id={`${ids}-date-label`} htmlFor={`${ids}-date`}>
                Data
              </Label>
              <DatePicker
                id={`${ids}-date`}
                labelId={`${ids}-date-label`}
                value={localDateTime(date, '00:00') ?? now}
                min={localDateTime(today, '00:00') ?? now}
                // The server takes bookings up to MAX_DAYS_AHEAD days ahead: the last whole day before that.
                max={new Date(now.getTime() + (MAX_DAYS_AHEAD - 1) * 86_400_000)}
                invalid={dateInPast}
                onChange={(picked) => setDate(toDateInput(picked))}
              />
              {dateInPast && (
                <p role="alert" className="text-sm text-destructive">
                  Escolha uma data a partir de hoje.
                </p>
              )}
            </div>
          )}

          <div className={isPrivate ? 'flex flex-col gap-2' : 'grid grid-cols-2 gap-3'}>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-start`}>Horário de início</Label>
              <Select id={`${ids}-start`} value={chosenSlot} onChange={(e) => setSlot(e.target.value)}>
                {slots.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </div>
            {!isPrivate && (
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${ids}-duration`}>Duração</Label>
                <Select id={`${ids}-duration`} value={String(hours)} onChange={(e) => setHours(Number(e.target.value))}>
                  {DURATIONS_HOURS.map((h) => (
                    <option key={h} value={h}>
                      {durationLabel(h)}
                    </option>
                  ))}
                </Select>
              </div>
            )}
          </div>

          {isPrivate && (
            <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              Em Hubs privados a reserva vale do horário escolhido até 23:59 de hoje.
            </p>
          )}

          {start && end && (
            <div className="rounded-lg border bg-muted/50 p-4" aria-live="polite">
              <dl className="space-y-1.5 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">Início</dt>
                  <dd className="font-medium">
                    {formatDate(start)} às {formatTime(start)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">Término</dt>
                  <dd className="font-medium">{sameDay ? `${formatTime(end)}` : `${formatDate(end)} às ${formatTime(end)}`}</dd>
                </div>
                {showPrice && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">Valor</dt>
                    <dd>
                      {durationLabel(billableHours(start, end))} × {formatReais(pricePerHour)}/h
                    </dd>
                  </div>
                )}
              </dl>
              {showPrice && (
                <p className="mt-3 flex items-baseline justify-between border-t pt-3 text-base font-semibold" data-testid="booking-total">
                  <span>Total: {formatCents(total)}</span>
                </p>
              )}
            </div>
          )}

          {noActiveLocker ? (
            <p role="alert" className="text-sm text-destructive">
              Nenhum locker ativo deste tamanho no momento.
            </p>
          ) : availability && availability.available === 0 ? (
            <p className="text-sm text-muted-foreground">Todos os lockers deste tamanho estão ocupados agora, mas você pode reservar outro horário.</p>
          ) : null}

          <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} aria-busy={busy || undefined}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : !isAuthenticated ? <LogIn aria-hidden /> : null}
            Reservar
          </Button>
          {!isAuthenticated && <p className="-mt-2 text-center text-xs text-muted-foreground">Você fará login antes de concluir a reserva.</p>}
        </form>
      </CardContent>
    </Card>
  );
}
