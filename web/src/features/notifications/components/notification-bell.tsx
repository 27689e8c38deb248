import Bell from 'lucide-react/icons/bell';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDateTime } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { markAllNotificationsRead, markNotificationRead, useNotifications } from '../api/notifications-api';

/**
 * The header's bell for a signed-in person: the unread count on it, the newest notices in its
 * menu. Opening a notice marks it read and goes to its reservation (the extension before the end).
 */
export function NotificationBell() {
  const notifications = useNotifications(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = notifications.data?.unread_count ?? 0;
  const items = notifications.data?.items.slice(0, 8) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });

  const open = async (id: string, link: string, read: boolean) => {
    if (!read) await markNotificationRead(id).catch(() => undefined);
    void refresh();
    navigate(link);
  };

  const label = unread === 0 ? 'Notificações' : `Notificações: ${unread} não ${unread === 1 ? 'lida' : 'lidas'}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} data-testid="notification-bell">
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
              data-testid="notification-count"
              aria-hidden
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>Notificações</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {notifications.isPending ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">Carregando...</p>
        ) : notifications.isError ? (
          <p className="px-2 py-3 text-sm text-destructive">Erro ao carregar as notificações.</p>
        ) : items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">Nenhuma notificação.</p>
        ) : (
          items.map((n) => (
            <DropdownMenuItem key={n.id} className="flex-col items-start gap-1 whitespace-normal" onSelect={() => void open(n.id, n.link, n.read)}>
              <span className={n.read ? 'text-sm' : 'text-sm font-semibold'}>
                {!n.read && <span className="sr-only">Não lida: </span>}
                {n.title}
              </span>
              <span className="text-xs text-muted-foreground">{n.body}</span>
              <span className="text-xs text-muted-foreground">{formatDateTime(n.created_at)}</span>
            </DropdownMenuItem>
          ))
        )}
        {unread > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void markAllNotificationsRead().then(refresh)}>Marcar todas como lidas</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
