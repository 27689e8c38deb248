import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCreatePartner, usePartner, useUpdatePartner, type PartnerInput } from '../api/partners-api';
import { PartnerForm } from '../components/partner-form';
import { BackToPartners, isNotFound, LoadError, LoadingBlock, PartnerNotFound } from '../components/partner-states';
import { toastError, toastSuccess } from '../components/partner-toasts';
import { usePageTitle } from '@/lib/use-page-title';

/** 'Novo Parceiro' at /dashboard/partners/new/form, 'Editar Parceiro' at /dashboard/partners/{id}/form. */
export default function PartnerFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const partner = usePartner(id);
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const editing = Boolean(id);
  usePageTitle(editing ? 'Editar parceiro' : 'Novo parceiro', 'dashboard');

  useEffect(() => {
    if (partner.isError && !isNotFound(partner.error)) toastError('Erro ao carregar parceiro', partner.error);
  }, [partner.isError, partner.error]);

  if (editing && partner.isError && isNotFound(partner.error)) return <PartnerNotFound />;

  const save = async (body: PartnerInput) => {
    try {
      if (id) await update.mutateAsync({ id, body });
      else await create.mutateAsync(body);
      toastSuccess(id ? 'Parceiro atualizado com sucesso' : 'Parceiro criado com sucesso');
      navigate('/dashboard/partners');
    } catch (error) {
      toastError(id ? 'Erro ao atualizar parceiro' : 'Erro ao criar parceiro', error);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <BackToPartners />
        <h1 className="text-2xl font-bold">{editing ? 'Editar Parceiro' : 'Novo Parceiro'}</h1>
      </div>
      {editing && partner.isPending ? (
        <LoadingBlock label="Carregando parceiro..." />
      ) : editing && partner.isError ? (
        <LoadError message="Erro ao carregar parceiro" onRetry={() => void partner.refetch()} retrying={partner.isFetching} />
      ) : (
        <PartnerForm
          key={partner.data?.id ?? 'new'}
          partner={editing ? partner.data : undefined}
          pending={create.isPending || update.isPending}
          onSubmit={(body) => void save(body)}
          onCancel={() => navigate('/dashboard/partners')}
        />
      )}
    </div>
  );
}
