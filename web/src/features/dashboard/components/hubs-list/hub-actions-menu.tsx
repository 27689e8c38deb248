import Eye from 'lucide-react/icons/eye';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { Hub } from '@/features/hubs';

interface HubActionsMenuProps {
  hub: Pick<Hub, 'id' | 'name'>;
  basePath: string;
  /** False for roles that may not edit a Hub. */
  canEdit: boolean;
  /** Absent for roles that may not remove a Hub. */
  onDelete?: () => void;
}

/** View, edit and delete of one Hub row, in a menu (arrow keys, Enter, Esc). */
export function HubActionsMenu({ hub, basePath, canEdit, onDelete }: HubActionsMenuProps) {
  const navigate = useNavigate();
  const path = `${basePath}/${encodeURIComponent(hub.id)}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Ações do Hub ${hub.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate(path)}>
          <Eye aria-hidden /> Visualizar
        </DropdownMenuItem>
        {canEdit && (
          <DropdownMenuItem onSelect={() => navigate(`${path}/form`)}>
            <Pencil aria-hidden /> Editar
          </DropdownMenuItem>
        )}
        {onDelete && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden /> Remover
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
