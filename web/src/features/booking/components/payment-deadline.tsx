import Store from 'lucide-react/icons/store';
import Timer from 'lucide-react/icons/timer';
import TimerOff from 'lucide-react/icons/timer-off';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCountdown } from '@/lib/format';

export const PAYMENT_WINDOW_OVER = 'O prazo para pagamento terminou. Faça uma nova reserva.';

/** The checkout's payment window: "Conclua o pagamento em mm:ss", then that the time is over. */
export function PaymentDeadline({ secondsLeft, hubPath }: { secondsLeft: number; hubPath: string }) {
  if (secondsLeft <= 0) {
    return (
      <div
        role="alert"
        data-testid="payment-window-over"
        className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2 text-sm font-medium">
          <TimerOff className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {PAYMENT_WINDOW_OVER}
        </p>
        <Button asChild size="sm" variant="outline" className="shrink-0">
          <Link to={hubPath}>
            <Store aria-hidden /> Fazer nova reserva
          </Link>
        </Button>
      </div>
    );
  }
  const low = secondsLeft <= 60;
  return (
    <p
      className={cn('flex items-center gap-2 rounded-lg border p-4 text-sm', low ? 'border-accent/50 bg-accent/10' : 'bg-card')}
      data-testid="payment-countdown"
    >
      <Timer className={cn('size-4 shrink-0', low ? 'text-amber-800' : 'text-primary')} aria-hidden />
      {/* role=timer is polite-free: screen readers read it on demand, not every second. */}
      <span role="timer" aria-atomic="true">
        Conclua o pagamento em <span className="font-mono font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>
      </span>
    </p>
  );
}
