import Copy from 'lucide-react/icons/copy';
import Loader2 from 'lucide-react/icons/loader-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TimerOff from 'lucide-react/icons/timer-off';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatAccessCode, formatCountdown, padLockerNumber } from '@/lib/format';
import type { GeneratedOtp } from '../types';

export const OTP_EXPIRED = 'O código OTP expirou. Gere um novo código.';

interface OtpCodeCardProps {
  otp: GeneratedOtp | null;
  secondsLeft: number | null;
  generating: boolean;
  onGenerate: () => void;
}

/** The pickup code 3-3, its mm:ss countdown, the locker it opens, copy and 'Gerar novo código'. */
export function OtpCodeCard({ otp, secondsLeft, generating, onGenerate }: OtpCodeCardProps) {
  const expired = otp !== null && secondsLeft === 0;
  const live = otp !== null && !expired;

  const copy = async () => {
    if (!live) return;
    try {
      await navigator.clipboard.writeText(otp.otp);
      toast.success('Código OTP copiado!');
    } catch {
      toast.error('Não foi possível copiar o código. Copie-o manualmente.');
    }
  };

  return (
    <Card className="flex flex-col items-center gap-5 p-6 text-center">
      {live ? (
        <>
          <p className="text-sm text-muted-foreground">Código de coleta</p>
          <p className="font-mono text-5xl font-bold tracking-widest tabular-nums" aria-label={`Código ${otp.otp.split('').join(' ')}`} data-testid="otp-code">
            {formatAccessCode(otp.otp)}
          </p>
          <p className="text-sm" aria-live="off">
            Expira em <span className="font-mono font-semibold tabular-nums">{formatCountdown(secondsLeft ?? 0)}</span>
          </p>
          <p className="rounded-md bg-secondary px-3 py-2 text-sm">
            Abre o locker <strong>{padLockerNumber(otp.lockerOrder)}</strong> <span className="text-muted-foreground">({otp.lockerInterface})</span>
          </p>
        </>
      ) : expired ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-destructive">
          <TimerOff className="size-10" aria-hidden />
          <p>{OTP_EXPIRED}</p>
        </div>
      ) : (
        <div role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="animate-spin" aria-hidden /> Gerando código...
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void copy()} disabled={!live}>
          <Copy aria-hidden /> Copiar código
        </Button>
        <Button onClick={onGenerate} disabled={generating}>
          <RefreshCw className={generating ? 'animate-spin' : undefined} aria-hidden /> Gerar novo código
        </Button>
      </div>
    </Card>
  );
}
