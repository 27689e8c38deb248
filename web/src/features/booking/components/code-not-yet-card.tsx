import CalendarClock from 'lucide-react/icons/calendar-clock';
import { Card } from '@/components/ui/card';

/**
 * A paid reservation whose window has not begun: no code exists yet (the server gives none before
 * the start). Said calmly, in the server's words, which name the moment; the page asks again then.
 */
export function CodeNotYetCard({ message, lockerLabel }: { message: string; lockerLabel: string }) {
  return (
    <Card className="overflow-hidden" role="status" data-testid="access-not-yet">
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <CalendarClock className="size-7" aria-hidden />
        </span>
        <h2 className="text-xl font-bold">Sua reserva ainda não começou</h2>
        <p className="font-medium">{message}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          O código abre o {lockerLabel} somente durante a sua reserva. Deixe esta página aberta: ele aparece aqui nesse momento.
        </p>
      </div>
    </Card>
  );
}
