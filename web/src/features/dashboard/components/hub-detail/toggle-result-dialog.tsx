import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/sheet';
import type { LockerChange } from '../../types';
import { formatWindow } from '../history/sao-paulo-time';
import { padLockerNumber } from '@/lib/format';

interface ToggleResultDialogProps {
  change: LockerChange | null;
  onClose: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a deactivation did to the locker's future bookings: the ones moved to another locker of
 * the same size, and the ones no free locker could take (the admin has to call those renters).
 */
export function ToggleResultDialog({ change, onClose }: ToggleResultDialogProps) {
  const moved = change?.moved ?? [];
  const unmoved = change?.unmoved ?? [];
  const number = change ? padLockerNumber(change.order_number) : '';
  return (
    <Dialog open={Boolean(change)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogTitle>Locker {number} marcado como inativo</DialogTitle>
        <DialogDescription>
          {moved.length > 0 &&
            unmoved.length === 0 &&
            `${plural(moved.length, 'reserva futura foi movida', 'reservas futuras foram movidas')} para outro locker do mesmo tamanho.`}
          {unmoved.length > 0 &&
            `${plural(unmoved.length, 'reserva não pôde ser movida', 'reservas não puderam ser movidas')}: nenhum locker livre do mesmo tamanho nesse horário.`}
        </DialogDescription>
        {moved.length > 0 && (
          <section className="space-y-2">
            <h3 className="font-semibold">Movidas ({moved.length})</h3>
            <ul className="space-y-2 text-sm">
              {moved.map((m) => (
                <li key={m.reservation_id} className="rounded-md bg-muted p-3">
                  <span className="tabular-nums">{formatWindow(m.start_time, m.end_time)}</span> → <strong>Locker {padLockerNumber(m.to_order_number)}</strong>
                </li>
              ))}
            </ul>
          </section>
        )}
        {unmoved.length > 0 && (
          <section className="space-y-2">
            <h3 className="font-semibold text-destructive">Continuam neste locker ({unmoved.length})</h3>
            <ul className="space-y-2 text-sm">
              {unmoved.map((u) => (
                <li key={u.reservation_id} className="rounded-md border border-destructive/30 bg-destructive/5 p-3">
                  <strong>{u.user_name || 'Usuário removido'}</strong>
                  <br />
                  <span className="tabular-nums">{formatWindow(u.start_time, u.end_time)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="flex justify-end">
          <Button onClick={onClose}>Entendi</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
