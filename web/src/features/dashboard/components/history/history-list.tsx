import { Badge } from '@/components/ui/badge';
import type { HistoryEntry } from '../../types';
import { HistoryKindIcon } from './history-kind-icon';
import { actorLine, HISTORY_KIND_LABEL } from './history-labels';

const padLocker = (order: number) => String(order).padStart(2, '0');

/** The trail, newest first: when, what (icon, kind, the server's sentence) and who. */
export function HistoryList({ entries, showLocker }: { entries: HistoryEntry[]; showLocker: boolean }) {
  return (
    <ol className="divide-y rounded-lg border bg-card" aria-label="Eventos">
      {entries.map((entry) => (
        <HistoryRow key={entry.id} entry={entry} showLocker={showLocker} />
      ))}
    </ol>
  );
}

function HistoryRow({ entry, showLocker }: { entry: HistoryEntry; showLocker: boolean }) {
  return (
    <li className="flex gap-3 p-4">
      <HistoryKindIcon kind={entry.kind} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium">{HISTORY_KIND_LABEL[entry.kind] ?? entry.kind}</span>
          {showLocker && entry.locker_order_number !== null && <Badge variant="outline">Locker {padLocker(entry.locker_order_number)}</Badge>}
          <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
            {entry.at_text}
          </time>
        </div>
        <p className="break-words">{entry.sentence}</p>
        <p className="text-sm text-muted-foreground">{actorLine(entry.actor)}</p>
      </div>
    </li>
  );
}
