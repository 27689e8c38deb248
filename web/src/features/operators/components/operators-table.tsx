import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Page } from '../operator-filter';
import type { Operator } from '../types';
import { OperatorActions, type OperatorHandlers } from './operator-actions';
import { OperatorBadges } from './role-badge';

interface OperatorsTableProps extends OperatorHandlers {
  page: Page<Operator>;
  total: number;
  onPage: (page: number) => void;
}

/** The list view: a table, 10 per page (spec "Operators per page 10 in list view"). */
export function OperatorsTable({ page, total, onPage, ...handlers }: OperatorsTableProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead className="hidden md:table-cell">Email</TableHead>
              <TableHead className="hidden md:table-cell">Papel</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((operator) => (
              <TableRow key={operator.id}>
                <TableCell className="max-w-0 md:max-w-none">
                  <span className="block truncate font-medium">{operator.name}</span>
                  {/* On a phone the row stacks: e-mail and badges under the name, no sideways scroll. */}
                  <span className="block truncate text-sm text-muted-foreground md:hidden" title={operator.email}>
                    {operator.email}
                  </span>
                  <span className="mt-1 block md:hidden">
                    <OperatorBadges operator={operator} />
                  </span>
                </TableCell>
                <TableCell className="hidden max-w-56 truncate text-muted-foreground md:table-cell" title={operator.email}>
                  {operator.email}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <OperatorBadges operator={operator} />
                </TableCell>
                <TableCell className="w-px">
                  <div className="flex justify-end">
                    <OperatorActions operator={operator} {...handlers} />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {page.pages > 1 && (
        <nav aria-label="Páginas de operadores" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground" aria-live="polite">
            Página {page.page} de {page.pages} · {total} operadores
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
              <ChevronLeft aria-hidden /> Anterior
            </Button>
            <Button variant="outline" size="sm" disabled={page.page >= page.pages} onClick={() => onPage(page.page + 1)}>
              Próxima <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
