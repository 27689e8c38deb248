import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { initialOf } from '../operator-filter';
import type { Operator } from '../types';
import { OperatorActions, type OperatorHandlers } from './operator-actions';
import { OperatorBadges } from './role-badge';

/** The grid view: one card per operator, every match (the list view is the paged one). */
export function OperatorsGrid({ operators, ...handlers }: { operators: Operator[] } & OperatorHandlers) {
  return (
    <ul aria-label="Operadores" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {operators.map((operator) => (
        <li key={operator.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
              {initialOf(operator.name)}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold">{operator.name}</h2>
              <p className="flex items-center gap-1 truncate text-sm text-muted-foreground">
                <Mail className="size-3.5 shrink-0" aria-hidden />
                <span className="truncate" title={operator.email}>
                  {operator.email}
                </span>
              </p>
              {operator.phone && (
                <p className="flex items-center gap-1 text-sm text-muted-foreground">
                  <Phone className="size-3.5 shrink-0" aria-hidden />
                  {operator.phone}
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <OperatorBadges operator={operator} />
            <OperatorActions operator={operator} {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
