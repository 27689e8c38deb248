import CheckCheck from 'lucide-react/icons/check-check';
import PackageCheck from 'lucide-react/icons/package-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEndReservation, type ReservationEnding } from '@/features/booking/api/reservations-api';
import { errorMessage } from '@/lib/api-client';

/**
 * 'deposit': the renter is about to store goods (the direct access page); 'final': they came back
 * to take them out (from the profile), so finishing — which ends the reservation and frees the
 * locker — is what they are here for and the page says so up front (spec, section 4).
 */
export type AccessMode = 'deposit' | 'final';

export const FINAL_WARNING = 'Ao finalizar, a reserva é encerrada e o locker é liberado para outras pessoas. Retire todos os seus itens antes.';

const endings: Record<ReservationEnding, { title: string; confirm: string; done: string; failed: string; destructive: boolean }> = {
  'leave-for-pickup': {
    title: 'Deixar para coleta?',
    confirm: 'Deixar para coleta',
    done: 'Itens deixados para coleta. A equipe de logística foi avisada.',
    failed: 'Erro ao deixar a reserva para coleta.',
    destructive: false,
  },
  finalize: {
    title: 'Finalizar reserva?',
    confirm: 'Finalizar reserva',
    done: 'Reserva finalizada. O locker foi liberado.',
    failed: 'Erro ao finalizar a reserva...',
    destructive: true,
  },
};

export function ReservationEndings({ reservationId, lockerLabel, mode }: { reservationId: string; lockerLabel: string; mode: AccessMode }) {
  const [asking, setAsking] = useState<ReservationEnding | null>(null);
  const leave = useEndReservation(reservationId, 'leave-for-pickup');
  const finish = useEndReservation(reservationId, 'finalize');
  const running = asking === 'finalize' ? finish : leave;
  const copy = asking ? endings[asking] : null;

  const confirm = () => {
    if (!asking) return;
    const texts = endings[asking];
    running.mutate(undefined, {
      onSuccess: () => {
        setAsking(null);
        toast.success(texts.done);
      },
      onError: (error) => toast.error(errorMessage(error, texts.failed)),
    });
  };

  return (
    <Card data-testid="reservation-endings">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Terminou de usar o locker?</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {mode === 'final' && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="note"
            data-testid="final-warning"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{FINAL_WARNING}</span>
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          Deixou itens para a equipe de logística retirar? Use <strong className="font-medium text-foreground">Deixar para coleta</strong>. Já retirou tudo?
          Finalize a reserva.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" className="flex-1" onClick={() => setAsking('leave-for-pickup')}>
            <PackageCheck aria-hidden /> Deixar para coleta
          </Button>
          <Button variant={mode === 'final' ? 'default' : 'ghost'} className="flex-1" onClick={() => setAsking('finalize')}>
            <CheckCheck aria-hidden /> Finalizar reserva
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={copy?.title ?? ''}
        description={
          asking === 'finalize' ? (
            <p>
              {FINAL_WARNING} Depois disso, o código de acesso não abre mais o {lockerLabel}.
            </p>
          ) : (
            <p>
              Confirme que guardou os itens no {lockerLabel} e fechou a porta. A equipe de logística vai retirá-los, e o seu código de acesso deixa de abrir o
              locker.
            </p>
          )
        }
        confirmLabel={copy?.confirm}
        destructive={copy?.destructive}
        pending={running.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
