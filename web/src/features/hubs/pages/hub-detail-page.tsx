import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Home from 'lucide-react/icons/house';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import PackageX from 'lucide-react/icons/package-x';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ScreenLoading } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { StatusPanel } from '@/components/ui/status-panel';
import { useHub } from '@/features/hubs/api/get-hub';
import { BookingForm } from '@/features/hubs/components/detail/booking-form';
import { BookingGuide, SizeLegend } from '@/features/hubs/components/detail/booking-guide';
import { HubHeader } from '@/features/hubs/components/detail/hub-header';
import { PrivateHubLocked, PrivateHubRestricted } from '@/features/hubs/components/detail/private-hub-states';
import { SizeCard } from '@/features/hubs/components/detail/size-card';
import type { HubWithLockers, LockerSize, SizeAvailability } from '@/features/hubs/types';
import { useHubRoom } from '@/features/realtime';
import { ApiError } from '@/lib/api-client';
import { pendingBookingFor, releaseHandOver, type PendingBooking } from '@/lib/pending-booking';
import { prefersReducedMotion } from '@/lib/use-media-query';
import { usePageTitle } from '@/lib/use-page-title';

const SIZE_ORDER: LockerSize[] = ['P', 'M', 'G', 'X'];
const EMPTY: SizeAvailability = { total: 0, available: 0, price_per_hour: null };

interface SizeOption {
  size: LockerSize;
  availability: SizeAvailability;
  pricePerHour: number;
}

/** One option per size that has GMV lockers, in P, M, G, X order. */
function sizeOptions(hub: HubWithLockers): SizeOption[] {
  const gmv = hub.lockers.filter((l) => l.type === 'GMV');
  return SIZE_ORDER.filter((size) => gmv.some((l) => l.size === size)).map((size) => {
    const availability = hub.availability?.[size] ?? EMPTY;
    const fallback = gmv.find((l) => l.size === size)?.price_per_hour ?? 0;
    return { size, availability, pricePerHour: availability.price_per_hour ?? fallback };
  });
}

const pendingSize = (pending: PendingBooking | null): LockerSize | null =>
  pending && SIZE_ORDER.includes(pending.size as LockerSize) ? (pending.size as LockerSize) : null;

/** Below lg the form sits under the size cards, out of sight after a tap on a card. */
const FORM_BESIDE_CARDS = '(min-width: 1024px)';

export default function HubDetailPage() {
  const { id = '' } = useParams();
  const { isAuthenticated, user } = useAuth();
  useHubRoom(id ? id.toUpperCase() : undefined);
  const { data: hub, error, isPending, refetch, isRefetching } = useHub(id);

  usePageTitle(hub ? hub.name : error ? 'Hub não encontrado' : undefined);

  if (isPending) return <ScreenLoading label="Carregando Hub..." />;

  if (error || !hub) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    if (notFound) {
      return (
        <StatusPanel icon={MapPinOff} title="Hub não encontrado" description="O Hub que você procura não existe ou foi removido." role="alert">
          <Button asChild size="lg">
            <Link to="/">
              <Home aria-hidden /> Voltar ao início
            </Link>
          </Button>
        </StatusPanel>
      );
    }
    return (
      <StatusPanel icon={AlertTriangle} tone="danger" title="Erro ao carregar dados" description={error?.message} role="alert">
        <Button size="lg" onClick={() => void refetch()} disabled={isRefetching}>
          <RotateCw className={isRefetching ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">Voltar ao início</Link>
        </Button>
      </StatusPanel>
    );
  }

  if (hub.private && hub.has_access === false) {
    return isAuthenticated && user ? <PrivateHubRestricted hub={hub} userId={user.id} /> : <PrivateHubLocked hub={hub} />;
  }

  return <HubDetail hub={hub} key={hub.id} />;
}

function HubDetail({ hub }: { hub: HubWithLockers }) {
  const options = useMemo(() => sizeOptions(hub), [hub]);
  // Choices made before a login detour come back with the visitor (size here, the rest in the form).
  const [pending] = useState(() => pendingBookingFor(hub.id));
  const [selected, setSelected] = useState<LockerSize | null>(() => pendingSize(pending));
  const current = options.find((o) => o.size === selected) ?? null;
  const formRef = useRef<HTMLElement>(null);
  const narrow = () => !window.matchMedia(FORM_BESIDE_CARDS).matches;
  // Back from a login detour with a size already picked: show the form with those choices at once.
  const [reveals, setReveals] = useState(() => (pendingSize(pending) && narrow() ? 1 : 0));

  useEffect(releaseHandOver, []);

  // On narrow screens a picked size brings the form into view and moves focus to it, so the next
  // Tab (or swipe of a screen reader) continues with the booking, not with the next card.
  useEffect(() => {
    const form = formRef.current;
    if (!reveals || !form) return;
    form.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    form.focus({ preventScroll: true });
  }, [reveals]);

  const select = (size: LockerSize) => {
    setSelected(size);
    if (narrow()) setReveals((n) => n + 1);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8">
      <Link to="/" className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Voltar para os Hubs
      </Link>

      <HubHeader hub={hub} />

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="sizes-title" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 id="sizes-title" className="text-xl font-bold tracking-tight">
                Escolha o tamanho do locker
              </h2>
              <p className="text-sm text-muted-foreground">Toque em um tamanho para ver horários e preço.</p>
            </div>
          </div>
          {options.length === 0 ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <PackageX className="size-6" aria-hidden />
                </span>
                <p className="font-medium">Não há lockers disponíveis neste Hub.</p>
                <Button asChild variant="outline">
                  <Link to="/">Ver outros Hubs</Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2" role="group" aria-label="Tamanhos de locker">
              {options.map((o) => (
                <SizeCard
                  key={o.size}
                  size={o.size}
                  availability={o.availability}
                  pricePerHour={o.pricePerHour}
                  showPrice={!hub.private}
                  selected={selected === o.size}
                  onSelect={select}
                />
              ))}
            </div>
          )}
        </section>

        <aside className="rounded-lg lg:row-span-2" aria-label="Reserva" ref={formRef} tabIndex={-1} data-testid="booking-panel">
          <div className="lg:sticky lg:top-24">
            {options.length > 0 && (
              <BookingForm
                hub={hub}
                size={current?.size ?? null}
                availability={current?.availability ?? null}
                pricePerHour={current?.pricePerHour ?? 0}
                initial={pending}
              />
            )}
            {options.length === 0 && <SizeLegend />}
          </div>
        </aside>

        <div className="flex min-w-0 flex-col gap-6">
          <BookingGuide />
          {options.length > 0 && <SizeLegend />}
        </div>
      </div>
    </div>
  );
}
