import UserPlus from 'lucide-react/icons/user-plus';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useOperators, useResendInvitation } from '../api/operators-api';
import { OperatorHubsSection } from '../components/operator-hubs-section';
import { OperatorSheet } from '../components/operator-sheet';
import { OperatorsEmpty, OperatorsError, OperatorsSkeleton } from '../components/operators-states';
import { OperatorsGrid } from '../components/operators-grid';
import { OperatorsTable } from '../components/operators-table';
import { OperatorsToolbar, type OperatorsView } from '../components/operators-toolbar';
import { RemoveOperatorDialog } from '../components/remove-operator-dialog';
import { filterOperators, pageOf } from '../operator-filter';
import type { Operator } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The Operators screen (spec "Operators"): search, grid or list (10 per page), add, edit,
 * remove with confirmation. The search, view and page live in the address, so back and reload
 * keep them.
 */
export default function OperatorsPage() {
  usePageTitle('Operadores', 'dashboard');
  const operators = useOperators();
  const resend = useResendInvitation();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);
  const [removing, setRemoving] = useState<Operator | null>(null);
  const search = params.get('q') ?? '';
  const view: OperatorsView = params.get('view') === 'list' ? 'list' : 'grid';

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const all = operators.data ?? [];
  const matches = filterOperators(all, search);
  const page = pageOf(matches, Number(params.get('page') ?? 1));
  const masterEmail = all.find((o) => o.is_master)?.email ?? null;

  const resendTo = async (operator: Operator) => {
    try {
      const { data } = await resend.mutateAsync(operator.id);
      toast.success(data.message, { description: `Enviamos um novo link para ${operator.email}.` });
    } catch (error) {
      toast.error(errorMessage(error, 'Erro ao reenviar convite'));
    }
  };
  const handlers = { onEdit: setEditing, onRemove: setRemoving, onResend: (o: Operator) => void resendTo(o) };

  const retry = async () => {
    const result = await operators.refetch();
    if (result.isError) toast.error('Erro ao carregar operadores');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Operadores</h1>
          <p className="text-muted-foreground">
            {operators.data ? `${all.length} ${all.length === 1 ? 'operador' : 'operadores'}` : 'Quem opera os Hubs e o dashboard.'}
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <UserPlus aria-hidden /> Adicionar operador
        </Button>
      </div>

      <OperatorsToolbar
        search={search}
        onSearch={(q) => setParam({ q, page: null })}
        view={view}
        onView={(v) => setParam({ view: v === 'grid' ? null : v, page: null })}
      />

      {operators.isPending ? (
        <OperatorsSkeleton />
      ) : operators.isError ? (
        <OperatorsError onRetry={() => void retry()} retrying={operators.isFetching} />
      ) : matches.length === 0 ? (
        <OperatorsEmpty search={search} onClear={() => setParam({ q: null, page: null })} onAdd={() => setEditing('new')} />
      ) : view === 'grid' ? (
        <OperatorsGrid operators={matches} {...handlers} />
      ) : (
        <OperatorsTable page={page} total={matches.length} onPage={(p) => setParam({ page: p > 1 ? String(p) : null })} {...handlers} />
      )}

      <OperatorSheet
        editing={editing}
        masterEmail={masterEmail}
        onClose={() => setEditing(null)}
        sections={(operator) => <OperatorHubsSection operator={operator} />}
      />
      <RemoveOperatorDialog operator={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
