import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Operator } from '../../types';

const ROLE_LABELS: Record<string, string> = { admin: 'Administrador', logistics: 'Logística', user: 'Usuário', maintenance: 'Manutenção', partner: 'Parceiro' };

/** The users with admin access: initial, name, e-mail, and 'Master' for the reserved account. */
export function OperatorsList({ operators }: { operators: Operator[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Operadores</CardTitle>
        <CardDescription>Quem administra a plataforma.</CardDescription>
      </CardHeader>
      <CardContent>
        {operators.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum operador cadastrado.</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {operators.map((op) => (
              <li key={op.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground"
                  aria-hidden
                >
                  {(op.name.trim()[0] ?? op.email[0] ?? '?').toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{op.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{op.email}</p>
                </div>
                {op.is_master ? <Badge>Master</Badge> : <Badge variant="secondary">{ROLE_LABELS[op.role] ?? op.role}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
