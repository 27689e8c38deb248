import { useOpenAlertCount } from '../api/alerts-api';

/**
 * The sidebar's live count of open alerts (issue 29 item 5): nothing while there is none. Its
 * text is read with the link's ('Alertas, 2 abertos'), so the number is never a bare figure.
 */
export function AlertsNavBadge({ enabled = true }: { enabled?: boolean }) {
  const open = useOpenAlertCount(enabled);
  const count = open.data ?? 0;
  if (count === 0) return null;
  return (
    <span data-testid="alerts-badge" className="ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground">
      {count}
      <span className="sr-only">{count === 1 ? ' aberto' : ' abertos'}</span>
    </span>
  );
}
