import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAddPartnerUser, useOperatorOptions, usePartner, usePartnerUsers, useRemovePartnerUser } from '../api/partners-api';
import { AssignDialog } from '../components/assign-dialog';
import { PartnerHeader } from '../components/partner-header';
import { isNotFound, LoadError, LoadingBlock, PartnerNotFound } from '../components/partner-states';
import { toastError, toastSuccess } from '../components/partner-toasts';
import type { PartnerUser } from '../types';

const ROLE_LABELS: Record<string, string> = { user: 'Usuário', logistics: 'Logística', admin: 'Administrador', maintenance: 'Manutenção', partner: 'Parceiro' };

/** /dashboard/partners/{id}/users (spec): assigned users, remove with confirmation, add from the operators not yet assigned. */
export default function PartnerUsersPage() {
  const { id = '' } = useParams();
  const partner = usePartner(id);
  const users = usePartnerUsers(id);
  const [adding, setAdding] = useState(false);
  const [addingId, setAddingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PartnerUser | null>(null);
  const operators = useOperatorOptions(adding);
  const add = useAddPartnerUser();
  const remove = useRemovePartnerUser();

  useEffect(() => {
    if (users.isError && !isNotFound(users.error)) toastError('Erro ao carregar usuários', users.error);
  }, [users.isError, users.error]);
  useEffect(() => {
    if (partner.isError && !isNotFound(partner.error)) toastError('Erro ao carregar parceiro', partner.error);
  }, [partner.isError, partner.error]);

  if (partner.isError && isNotFound(partner.error)) return <PartnerNotFound />;

  const assigned = new Set((users.data ?? []).map((u) => u.id));
  const available = operators.data?.filter((o) => !assigned.has(o.id));

  const addUser = async (userId: string) => {
    setAddingId(userId);
    try {
      await add.mutateAsync({ id, userId });
      toastSuccess('Usuário adicionado ao parceiro');
      setAdding(false);
    } catch (error) {
      toastError('Erro ao adicionar usuário', error);
    } finally {
      setAddingId(null);
    }
  };
  const removeUser = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id, userId: removing.id });
      toastSuccess('Usuário removido do parceiro');
      setRemoving(null);
    } catch (error) {
      toastError('Erro ao remover usuário', error);
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PartnerHeader partner={partner.data} title="Usuários do parceiro" addLabel="Adicionar usuário" onAdd={() => setAdding(true)} />
      {users.isPending ? (
        <LoadingBlock label="Carregando usuários..." />
      ) : users.isError ? (
        <LoadError message="Erro ao carregar usuários" onRetry={() => void users.refetch()} retrying={users.isFetching} />
      ) : users.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">Nenhum usuário atribuído</h2>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="hidden md:table-cell">Email</TableHead>
                <TableHead>Papel</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.map((u) => (
                <TableRow key={u.id}>
                  <TableCell className="max-w-0 md:max-w-none">
                    <span className="block truncate font-medium">{u.name}</span>
                    <span className="block truncate text-sm text-muted-foreground md:hidden">{u.email}</span>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">{u.email}</TableCell>
                  <TableCell>{ROLE_LABELS[u.role] ?? u.role}</TableCell>
                  <TableCell className="w-px text-right">
                    <Button variant="ghost" size="icon" aria-label={`Remover ${u.name}`} title="Remover" onClick={() => setRemoving(u)}>
                      <Trash2 className="text-destructive" aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <AssignDialog
        open={adding}
        onOpenChange={setAdding}
        title="Adicionar usuário"
        description="Operadores que ainda não estão neste parceiro."
        options={available}
        loading={operators.isPending}
        failed={operators.isError}
        emptyText="Nenhum usuário disponível"
        filterLabel="Filtrar por nome"
        adding={addingId}
        onAdd={(o) => void addUser(o.id)}
        render={(o) => (
          <>
            <span className="block truncate font-medium">{o.name}</span>
            <span className="block truncate text-muted-foreground">{o.email}</span>
          </>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover usuário?"
        description={<p>Tem certeza que deseja remover o usuário "{removing?.name}" deste parceiro?</p>}
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() => void removeUser()}
      />
    </div>
  );
}
