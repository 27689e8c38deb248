import Lock from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Hub } from '@/features/hubs';
import { HubActionsMenu } from './hub-actions-menu';

interface HubsTableProps {
  hubs: Hub[];
  basePath: string;
  canEdit: boolean;
  onDelete?: (hub: Hub) => void;
  /** More about a Hub under its name, e.g. its controller's badge (issue 29). */
  extra?: (hubId: string) => ReactNode;
}

/** Name, address and city, locker count and the actions menu; on phones the city goes under the name. */
export function HubsTable({ hubs, basePath, canEdit, onDelete, extra }: HubsTableProps) {
  return (
    <div className="rounded-lg border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead className="hidden sm:table-cell">Endereço e cidade</TableHead>
            <TableHead className="text-right">Lockers</TableHead>
            <TableHead className="w-14 text-right">
              <span className="sr-only">Ações</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {hubs.map((hub) => (
            <TableRow key={hub.id}>
              <TableCell className="min-w-0">
                <Link
                  to={`${basePath}/${encodeURIComponent(hub.id)}`}
                  className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {hub.name}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <span className="tabular-nums">{hub.id}</span>
                  {hub.private && (
                    <Badge variant="outline" className="gap-1">
                      <Lock className="size-3" aria-hidden /> Privado
                    </Badge>
                  )}
                  <span className="sm:hidden">{[hub.city, hub.state].filter(Boolean).join(' - ')}</span>
                  {extra?.(hub.id)}
                </div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <span className="block">{hub.address}</span>
                <span className="block text-xs text-muted-foreground">{[hub.city, hub.state].filter(Boolean).join(' - ')}</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{hub.locker_count}</TableCell>
              <TableCell className="text-right">
                <HubActionsMenu hub={hub} basePath={basePath} canEdit={canEdit} onDelete={onDelete ? () => onDelete(hub) : undefined} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
