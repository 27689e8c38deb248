import { Pager } from '@/components/ui/pager';
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
      <Pager label="Páginas de operadores" page={page.page} pages={page.pages} total={`${total} operadores`} onPage={onPage} />
    </div>
  );
}
