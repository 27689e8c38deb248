import DoorClosed from 'lucide-react/icons/door-closed';
import KeyRound from 'lucide-react/icons/key-round';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useReportDoorFailure } from '@/features/booking/api/door-failure-api';
import type { Reservation } from '@/features/booking/types';
import { errorMessage } from '@/lib/api-client';
import { lockerNumber } from './reservation-format';

// 'A porta não abriu' (issue 29 item 6): offered once the reservation shows the renter's code
// opened its locker (door_opened_at). Behind a confirmation saying what happens; afterwards, the
// new locker and its code, or the plain "none free" sentence, stay on the page.

type Outcome = { kind: 'moved'; message: string; code: string | null } | { kind: 'none_free'; message: string };

export function DoorFailedCard({ reservation }: { reservation: Reservation }) {
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const report = useReportDoorFailure(reservation.id);
  const offered = reservation.status === 'active' && Boolean(reservation.door_opened_at) && new Date(reservation.end_time).getTime() > Date.now();
  if (!offered && !outcome) return null;

  const confirm = () =>
    report.mutate(undefined, {
      onSuccess: (answer) => {
        setAsking(false);
        setOutcome(
          answer.outcome === 'moved'
            ? { kind: 'moved', message: answer.message, code: answer.access_code?.code ?? null }
            : { kind: 'none_free', message: answer.message },
        );
      },
      onError: (error) => toast.error(errorMessage(error, 'Não foi possível avisar agora. Tente de novo em instantes.')),
    });

  return (
    <Card data-testid="door-failed-card">
      <CardContent className="flex flex-col gap-3 p-6">
        {outcome ? (
          <div
            role="status"
            data-testid="door-failed-outcome"
            className={
              outcome.kind === 'moved'
                ? 'flex flex-col gap-2 rounded-lg border border-primary/40 bg-secondary p-4'
                : 'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900'
            }
          >
            {outcome.kind === 'moved' ? (
              <>
                <p className="flex items-center gap-2 font-semibold">
                  <KeyRound className="size-5 shrink-0 text-primary" aria-hidden /> {outcome.message}
                </p>
                {outcome.code && (
                  <p className="text-sm">
                    Novo código:{' '}
                    <span data-testid="door-failed-code" className="font-mono text-2xl font-bold tracking-[0.3em] text-foreground">
                      {outcome.code}
                    </span>
                  </p>
                )}
                <p className="text-sm text-muted-foreground">Você não paga nada a mais. O código anterior não abre mais nenhum locker.</p>
              </>
            ) : (
              <>
                <LifeBuoy className="mt-0.5 size-5 shrink-0" aria-hidden />
                <p className="text-sm font-medium">{outcome.message}</p>
              </>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">O código foi aceito, mas a porta do locker não abriu?</p>
            <Button variant="outline" className="shrink-0" onClick={() => setAsking(true)} data-testid="door-failed-open">
              <DoorClosed aria-hidden /> A porta não abriu
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="A porta não abriu?"
        description={
          <div className="flex flex-col gap-2">
            <p>
              Vamos registrar o problema, tirar o locker Nº {lockerNumber(reservation.locker.order_number)} de uso e mudar você na hora para outro locker{' '}
              {reservation.locker.size} livre neste Hub, até o fim da sua reserva, com um código novo.
            </p>
            <p>Você não paga nada a mais. Se nenhum estiver livre, a equipe é avisada e vai ajudar você.</p>
          </div>
        }
        confirmLabel="Avisar e trocar de locker"
        pending={report.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
