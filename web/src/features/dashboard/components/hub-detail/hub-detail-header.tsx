import ArrowLeft from 'lucide-react/icons/arrow-left';
import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { AdminHub } from '../../types';

interface HubDetailHeaderProps {
  hub: AdminHub;
  listTo: string;
  historyTo: string | null;
  /** Absent for roles that may not edit a Hub (ADR 0019). */
  onEdit?: () => void;
}

/** Back to the list, the Hub's name and id, and its actions: history and edit. */
export function HubDetailHeader({ hub, listTo, historyTo, onEdit }: HubDetailHeaderProps) {
  return (
    <header className="space-y-3">
      <Link to={listTo} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Hubs
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="break-words text-2xl font-bold tracking-tight">{hub.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <code className="font-mono text-sm">{hub.id}</code>
            {hub.city && (
              <span>
                · {hub.city}
                {hub.state ? ` - ${hub.state}` : ''}
              </span>
            )}
            {hub.private && <Badge variant="outline">Privado</Badge>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {historyTo && (
            <Button asChild variant="outline">
              <Link to={historyTo}>
                <History aria-hidden /> Histórico do Hub
              </Link>
            </Button>
          )}
          {onEdit && (
            <Button onClick={onEdit}>
              <Pencil aria-hidden /> Editar
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
