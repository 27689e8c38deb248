import ListChecks from 'lucide-react/icons/list-checks';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useOpenQueueDashboard } from '../api/open-queue-dashboard';

/** The admin's way into the job queues (bull-board); without BullMQ the server says why not. */
export function QueueDashboardButton() {
  const open = useOpenQueueDashboard();
  return (
    <button
      type="button"
      disabled={open.isPending}
      aria-busy={open.isPending}
      onClick={() => open.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, 'Não foi possível abrir o painel de filas.')) })}
      className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-wait disabled:opacity-70"
    >
      <ListChecks className="size-4" aria-hidden /> {open.isPending ? 'Abrindo o painel de filas...' : 'Painel de filas'}
    </button>
  );
}
