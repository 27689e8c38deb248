import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Users from 'lucide-react/icons/users';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { WebhooksPanel } from '@/features/partner-webhooks';
import { maskCep, maskCnpj, maskPhone } from '@/lib/br-documents';
import { usePartner } from '../api/partners-api';
import { PartnerHistoryCard } from '../components/partner-history-card';
import { BackToPartners, isNotFound, LoadError, LoadingBlock, PartnerNotFound } from '../components/partner-states';
import { PartnerSandboxTokenCard, PartnerTokenCard } from '../components/partner-token-card';
import { toastError } from '../components/partner-toasts';
import { usePageTitle } from '@/lib/use-page-title';

/** /dashboard/partners/{id}: basic, company and address cards, the API token, webhooks, the history, links to users, Hubs and edit. */
export default function PartnerDetailPage() {
  const { id = '' } = useParams();
  const partner = usePartner(id);
  usePageTitle(partner.data ? partner.data.name : 'Parceiro', 'dashboard');

  useEffect(() => {
    if (partner.isError && !isNotFound(partner.error)) toastError('Erro ao carregar parceiro', partner.error);
  }, [partner.isError, partner.error]);

  if (partner.isError && isNotFound(partner.error)) return <PartnerNotFound />;
  const p = partner.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BackToPartners />
      {partner.isPending ? (
        <LoadingBlock label="Carregando parceiro..." />
      ) : !p ? (
        <LoadError message="Erro ao carregar parceiro" onRetry={() => void partner.refetch()} retrying={partner.isFetching} />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
                {p.name} <Badge variant={p.is_active ? 'success' : 'secondary'}>{p.is_active ? 'Ativo' : 'Inativo'}</Badge>
              </h1>
              <p className="text-muted-foreground">{p.trading_name || p.company_name}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" asChild>
                <Link to={`/dashboard/partners/${p.id}/users`}>
                  <Users aria-hidden /> Usuários
                </Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to={`/dashboard/partners/${p.id}/hubs`}>
                  <MapPin aria-hidden /> Hubs
                </Link>
              </Button>
              <Button asChild>
                <Link to={`/dashboard/partners/${p.id}/form`}>
                  <Pencil aria-hidden /> Editar
                </Link>
              </Button>
            </div>
          </div>

          <div className="grid gap-6 md:grid-cols-2">
            <InfoCard title="Informações básicas">
              <Row label="Nome" value={p.name} />
              <Row label="Email" value={p.email} />
              <Row label="Telefone" value={p.phone ? maskPhone(p.phone) : ''} />
            </InfoCard>
            <InfoCard title="Informações da empresa">
              <Row label="Razão social" value={p.company_name} />
              <Row label="Nome fantasia" value={p.trading_name} />
              <Row label="CNPJ" value={p.cnpj ? maskCnpj(p.cnpj) : ''} />
            </InfoCard>
            <InfoCard title="Endereço">
              <Row label="Endereço" value={[p.address, p.address_number, p.complement].filter(Boolean).join(', ')} />
              <Row label="Bairro" value={p.neighborhood} />
              <Row label="Cidade" value={[p.city, p.state].filter(Boolean).join(' - ')} />
              <Row label="CEP" value={p.postal_code ? maskCep(p.postal_code) : ''} />
            </InfoCard>
            <PartnerTokenCard partner={p} />
            <PartnerSandboxTokenCard partner={p} />
          </div>
          <WebhooksPanel partnerId={p.id} />
          <PartnerHistoryCard partnerId={p.id} />
        </>
      )}
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">{children}</dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{value || '—'}</dd>
    </div>
  );
}
