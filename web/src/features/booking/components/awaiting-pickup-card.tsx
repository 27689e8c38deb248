import PackageCheck from 'lucide-react/icons/package-check';
import { Card } from '@/components/ui/card';

/** What the renter sees once the goods wait for logistics: nothing more to do, no code to show. */
export function AwaitingPickupCard({ lockerLabel }: { lockerLabel: string }) {
  return (
    <Card className="overflow-hidden" role="status" data-testid="awaiting-pickup">
      <div className="flex flex-col items-center gap-3 bg-secondary px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PackageCheck className="size-7" aria-hidden />
        </span>
        <h2 className="text-xl font-bold">Aguardando Coleta</h2>
        <p className="max-w-sm text-muted-foreground">
          Seus itens estão no {lockerLabel} aguardando a equipe de logística. Você não precisa fazer mais nada: quando a coleta for concluída, a reserva aparece
          como concluída no seu perfil.
        </p>
      </div>
    </Card>
  );
}
