import KeyRound from 'lucide-react/icons/key-round';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Timer from 'lucide-react/icons/timer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatAccessCode, formatCountdown } from '@/lib/format';
import { ACCESS_CODE_LIFETIME_MS, type IssuedCode } from './use-access-code';

export function AccessCodeCard({
  current,
  secondsLeft,
  loading,
  lockerLabel,
  onRefresh,
}: {
  current: IssuedCode | null;
  secondsLeft: number;
  loading: boolean;
  lockerLabel: string;
  onRefresh: () => void;
}) {
  const fraction = Math.min(1, secondsLeft / (ACCESS_CODE_LIFETIME_MS / 1000));
  const low = secondsLeft <= 60;
  return (
    <Card className="overflow-hidden">
      <div className="bg-linear-to-br from-primary to-teal-600 px-6 py-8 text-center text-primary-foreground sm:px-10">
        <p className="flex items-center justify-center gap-2 text-sm font-medium uppercase tracking-wider text-primary-foreground/85">
          <KeyRound className="size-4" aria-hidden /> Código de acesso
        </p>
        {current ? (
          <p
            className={cn('mt-4 font-mono text-5xl font-bold tracking-[0.18em] tabular-nums sm:text-6xl', loading && 'opacity-60')}
            data-testid="access-code"
            aria-live="polite"
          >
            {formatAccessCode(current.code)}
          </p>
        ) : (
          <div className="mt-4 flex flex-col items-center gap-3" role="status">
            <Skeleton className="h-14 w-64 max-w-full bg-white/20" />
            <span className="text-sm text-primary-foreground/85">Gerando código de acesso...</span>
          </div>
        )}
        <p className="mx-auto mt-4 max-w-sm text-sm text-primary-foreground/85">Digite este código no teclado do Hub para abrir o {lockerLabel}.</p>
      </div>

      <div className="flex flex-col gap-4 p-6">
        {current && (
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between text-sm">
              <span className="flex items-center gap-1.5 text-muted-foreground">
                <Timer className="size-4" aria-hidden /> Expira em
              </span>
              <span className={cn('font-mono text-lg font-semibold tabular-nums', low ? 'text-amber-700' : 'text-foreground')} data-testid="access-countdown">
                {formatCountdown(secondsLeft)}
              </span>
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Tempo restante do código"
              aria-valuemin={0}
              aria-valuemax={ACCESS_CODE_LIFETIME_MS / 1000}
              aria-valuenow={secondsLeft}
              aria-valuetext={`${formatCountdown(secondsLeft)} restantes`}
            >
              <div
                className={cn('h-full rounded-full transition-[width] duration-300', low ? 'bg-accent' : 'bg-primary')}
                style={{ width: `${fraction * 100}%` }}
              />
            </div>
            <p className="text-xs text-muted-foreground">Por segurança, um novo código é gerado automaticamente quando o tempo acaba.</p>
          </div>
        )}
        <Button variant="outline" size="lg" onClick={onRefresh} disabled={loading} className="w-full sm:w-auto sm:self-center">
          {loading ? <LoaderCircle className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          Atualizar Código
        </Button>
      </div>
    </Card>
  );
}
