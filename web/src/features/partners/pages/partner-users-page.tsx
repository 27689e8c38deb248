import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ROLE_LABELS } from '@contract/operators/role-labels';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAddPartnerUser, useOperatorOptions, usePartner, usePartnerUsers, useRemovePartnerUser } from '../api/partners-api';
import { AssignDialog } from '../components/assign-dialog';
import { PartnerHeader } from '../components/partner-header';
import { isNotFound, LoadError, LoadingBlock, PartnerNotFound } from '../components/partner-states';
import { toastError } from '../components/partner-toasts';
import { usePartnerMembers } from '../components/use-partner-members';
import { usePageTitle } from '@/lib/use-page-title';

/** /dashboard/partners/{id}/users (spec): assigned users, remove with confirmation, add from the operators not yet assigned. */
export default function PartnerUsersPage() {
  const { id = '' } = useParams();
  const partner = usePartner(id);
  usePageTitle(partner.data ? `Usuários de ${partner.data.name}` : 'Usuários do parceiro', 'dashboard');
  const users = usePartnerUsers(id);
  const add = useAddPartnerUser();
  const remove = useRemovePartnerUser();
  const {
    adding,
    setAdding,
    addingId,
    removing,
    setRemoving,
    assigned,
    addMember: addUser,
    removeMember: removeUser,
  } = usePartnerMembers(
    users,
    (userId) => add.mutateAsync({ id, userId }),
    (userId) => remove.mutateAsync({ id, userId }),
    {
      loadError: 'Erro ao carregar usuários',
      added: 'Usuário adicionado ao parceiro',
      addError: 'Erro ao adicionar usuário',
      removed: 'Usuário removido do parceiro',
      removeError: 'Erro ao remover usuário',
    },
  );
  const operators = useOperatorOptions(adding);
  useEffect(() => {
    if (partner.isError && !isNotFound(partner.error)) toastError('Erro ao carregar parceiro', partner.error);
  }, [partner.isError, partner.error]);

  if (partner.isError && isNotFound(partner.error)) return <PartnerNotFound />;

  const available = operators.data?.filter((o) => !assigned.has(o.id));

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
                  <TableCell>{(ROLE_LABELS as Record<string, string | undefined>)[u.role] ?? u.role}</TableCell>
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
