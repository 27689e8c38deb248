import MapPin from 'lucide-react/icons/map-pin';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAddPartnerHub, useHubOptions, usePartner, usePartnerHubs, useRemovePartnerHub } from '../api/partners-api';
import { AssignDialog } from '../components/assign-dialog';
import { PartnerHeader } from '../components/partner-header';
import { isNotFound, LoadError, LoadingBlock, PartnerNotFound } from '../components/partner-states';
import { toastError } from '../components/partner-toasts';
import { usePartnerMembers } from '../components/use-partner-members';
import { usePageTitle } from '@/lib/use-page-title';

/** /dashboard/partners/{id}/hubs (spec): the partner's Hubs, remove with confirmation, add from the Hubs not yet assigned. */
export default function PartnerHubsPage() {
  const { id = '' } = useParams();
  const partner = usePartner(id);
  usePageTitle(partner.data ? `Hubs de ${partner.data.name}` : 'Hubs do parceiro', 'dashboard');
  const hubs = usePartnerHubs(id);
  const add = useAddPartnerHub();
  const remove = useRemovePartnerHub();
  const {
    adding,
    setAdding,
    addingId,
    removing,
    setRemoving,
    assigned,
    addMember: addHub,
    removeMember: removeHub,
  } = usePartnerMembers(
    hubs,
    (hubId) => add.mutateAsync({ id, hubId }),
    (hubId) => remove.mutateAsync({ id, hubId }),
    {
      loadError: 'Erro ao carregar Hubs',
      added: 'Hub adicionado ao parceiro',
      addError: 'Erro ao adicionar Hub',
      removed: 'Hub removido do parceiro',
      removeError: 'Erro ao remover Hub',
    },
  );
  const options = useHubOptions(adding);
  useEffect(() => {
    if (partner.isError && !isNotFound(partner.error)) toastError('Erro ao carregar parceiro', partner.error);
  }, [partner.isError, partner.error]);

  if (partner.isError && isNotFound(partner.error)) return <PartnerNotFound />;

  const available = options.data?.filter((h) => !assigned.has(h.id));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PartnerHeader partner={partner.data} title="Hubs do parceiro" addLabel="Adicionar Hub" onAdd={() => setAdding(true)} />
      {hubs.isPending ? (
        <LoadingBlock label="Carregando Hubs..." />
      ) : hubs.isError ? (
        <LoadError message="Erro ao carregar Hubs" onRetry={() => void hubs.refetch()} retrying={hubs.isFetching} />
      ) : hubs.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <MapPin className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">Nenhum Hub atribuído</h2>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="hidden md:table-cell">Endereço</TableHead>
                <TableHead className="hidden sm:table-cell">Cidade/UF</TableHead>
                <TableHead className="hidden lg:table-cell">Descrição</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {hubs.data.map((h) => (
                <TableRow key={h.id}>
                  <TableCell className="max-w-0 md:max-w-none">
                    <span className="block truncate font-medium">{h.name}</span>
                    <span className="block truncate text-sm text-muted-foreground sm:hidden">
                      {h.city}/{h.state}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">{h.address}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    {h.city}/{h.state}
                  </TableCell>
                  <TableCell className="hidden max-w-64 truncate text-muted-foreground lg:table-cell">{h.description}</TableCell>
                  <TableCell className="w-px text-right">
                    <Button variant="ghost" size="icon" aria-label={`Remover ${h.name}`} title="Remover" onClick={() => setRemoving(h)}>
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
        title="Adicionar Hub"
        description="Hubs que ainda não estão neste parceiro."
        options={available}
        loading={options.isPending}
        failed={options.isError}
        emptyText="Nenhum Hub disponível"
        filterLabel="Filtrar por nome"
        adding={addingId}
        onAdd={(h) => void addHub(h.id)}
        render={(h) => (
          <>
            <span className="block truncate font-medium">{h.name}</span>
            <span className="block truncate text-muted-foreground">
              {h.address} · {h.city}/{h.state}
            </span>
          </>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover Hub?"
        description={<p>Tem certeza que deseja remover o Hub "{removing?.name}" deste parceiro?</p>}
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() => void removeHub()}
      />
    </div>
  );
}
