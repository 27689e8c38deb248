import Building2 from 'lucide-react/icons/building-2';
import Eye from 'lucide-react/icons/eye';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeletePartner, usePartners } from '../api/partners-api';
import { LoadError, LoadingBlock } from '../components/partner-states';
import { toastError, toastSuccess } from '../components/partner-toasts';
import type { Partner } from '../types';
import { usePageTitle } from '@/lib/use-page-title';

/** Spec "Partners" list: search by name, e-mail or company; actions view, edit, users, Hubs, delete. */
export default function PartnersPage() {
  usePageTitle('Parceiros', 'dashboard');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const deferred = useDeferredValue(search.trim());
  const partners = usePartners(deferred);
  const remove = useDeletePartner();
  const [removing, setRemoving] = useState<Partner | null>(null);

  useEffect(() => {
    if (partners.isError) toastError('Erro ao carregar parceiros', partners.error);
  }, [partners.isError, partners.error]);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toastSuccess('Parceiro removido com sucesso');
      setRemoving(null);
    } catch (error) {
      toastError('Erro ao remover parceiro', error);
    }
  };

  const list = partners.data ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Parceiros</h1>
          <p className="text-muted-foreground">Empresas que integram com o Hub: condomínios, varejistas, transportadoras.</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/partners/new/form">
            <Plus aria-hidden /> Novo Parceiro
          </Link>
        </Button>
      </div>

      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Buscar parceiros por nome, email ou empresa"
          placeholder="Buscar por nome, email ou empresa"
          className="pl-9"
          value={search}
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        />
      </div>

      {partners.isPending ? (
        <LoadingBlock label="Carregando parceiros..." />
      ) : partners.isError ? (
        <LoadError message="Erro ao carregar parceiros" onRetry={() => void partners.refetch()} retrying={partners.isFetching} />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <Building2 className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{deferred ? `Nenhum parceiro encontrado para "${deferred}"` : 'Nenhum parceiro cadastrado'}</h2>
          {!deferred && (
            <Button asChild>
              <Link to="/dashboard/partners/new/form">
                <Plus aria-hidden /> Novo Parceiro
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="hidden md:table-cell">Email</TableHead>
                <TableHead className="hidden md:table-cell">Empresa</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <span className="block break-words font-medium">{p.name}</span>
                    <span className="block break-words text-sm text-muted-foreground md:hidden">{p.company_name}</span>
                    {/* On a phone the actions sit under the name, in one row. */}
                    <div className="mt-2 sm:hidden">
                      <RowActions partner={p} onRemove={setRemoving} />
                    </div>
                  </TableCell>
                  <TableCell className="hidden max-w-56 truncate text-muted-foreground md:table-cell">{p.email}</TableCell>
                  <TableCell className="hidden md:table-cell">{p.company_name}</TableCell>
                  <TableCell>
                    <Badge variant={p.is_active ? 'success' : 'secondary'}>{p.is_active ? 'Ativo' : 'Inativo'}</Badge>
                  </TableCell>
                  <TableCell className="hidden w-px sm:table-cell">
                    <RowActions partner={p} onRemove={setRemoving} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover parceiro?"
        description={
          <p>
            Tem certeza que deseja remover o parceiro <strong className="text-foreground">"{removing?.name}"</strong>? Seus vínculos e o token de API deixam de
            valer na hora.
          </p>
        }
        confirmLabel="Remover"
        destructive
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </div>
  );
}

function RowActions({ partner: p, onRemove }: { partner: Partner; onRemove: (p: Partner) => void }) {
  return (
    <div className="flex justify-start gap-1 sm:justify-end">
      <RowLink to={`/dashboard/partners/${p.id}`} label={`Ver ${p.name}`} icon={Eye} />
      <RowLink to={`/dashboard/partners/${p.id}/form`} label={`Editar ${p.name}`} icon={Pencil} />
      <RowLink to={`/dashboard/partners/${p.id}/users`} label={`Usuários de ${p.name}`} icon={Users} />
      <RowLink to={`/dashboard/partners/${p.id}/hubs`} label={`Hubs de ${p.name}`} icon={MapPin} />
      <Button variant="ghost" size="icon" aria-label={`Remover ${p.name}`} title="Remover" onClick={() => onRemove(p)}>
        <Trash2 className="text-destructive" aria-hidden />
      </Button>
    </div>
  );
}

function RowLink({ to, label, icon: Icon }: { to: string; label: string; icon: typeof Eye }) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link to={to} aria-label={label} title={label}>
        <Icon aria-hidden />
      </Link>
    </Button>
  );
}
