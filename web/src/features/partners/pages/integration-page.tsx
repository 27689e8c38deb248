import BookOpen from 'lucide-react/icons/book-open';
import FileCode from 'lucide-react/icons/file-code';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusPanel } from '@/components/ui/status-panel';
import { ApiError } from '@/lib/api-client';
import { WebhooksPanel } from '@/features/partner-webhooks';
import { formatCents } from '@/lib/format';
import { useIssuePortalToken, usePortalMe } from '../api/partner-portal-api';
import { LoadError, LoadingBlock } from '../components/partner-states';
import { SANDBOX_TOKEN_TEXT } from '../components/sandbox-token-text';
import { LIVE_TOKEN_TEXT, TokenCard } from '../components/token-card';
import { usePageTitle } from '@/lib/use-page-title';

type PortalMe = NonNullable<ReturnType<typeof usePortalMe>['data']>;

/**
 * /dashboard/integration, the one screen of a partner's user (ADR 0020): whose partner, the API
 * token and the sandbox token (each shown once when generated), the partner's webhooks and their
 * delivery log, the test Hubs the sandbox books, and where the reference is.
 */
export default function IntegrationPage() {
  const me = usePortalMe();
  usePageTitle('Integração', 'dashboard');

  if (me.error instanceof ApiError && me.error.status === 403) {
    return (
      <StatusPanel
        icon={ShieldAlert}
        title="Acesso restrito"
        role="alert"
        description="Esta área é dos usuários de parceiros: peça a um administrador para vincular sua conta a um parceiro."
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Integração</h1>
        <p className="text-muted-foreground">Tokens e referência da API de parceiros.</p>
      </div>
      {me.isPending ? (
        <LoadingBlock label="Carregando integração..." />
      ) : !me.data ? (
        <LoadError message="Erro ao carregar a integração" onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : (
        <IntegrationSections me={me.data} />
      )}
    </div>
  );
}

function IntegrationSections({ me }: { me: PortalMe }) {
  const issue = useIssuePortalToken();
  const [pending, setPending] = useState<'live' | 'sandbox' | null>(null);
  const generate = (kind: 'live' | 'sandbox') => async () => {
    setPending(kind);
    try {
      return (await issue.mutateAsync(kind)).token;
    } finally {
      setPending(null);
    }
  };
  const { partner } = me;
  return (
    <>
      <section aria-labelledby="integration-partner" className="flex flex-wrap items-center gap-3">
        <h2 id="integration-partner" className="text-xl font-semibold">
          {partner.trading_name || partner.name}
        </h2>
        <Badge variant={partner.is_active ? 'success' : 'secondary'}>{partner.is_active ? 'Ativo' : 'Inativo'}</Badge>
        <p className="w-full text-sm text-muted-foreground">{partner.company_name}</p>
      </section>

      <section aria-label="Tokens" className="grid gap-6 md:grid-cols-2">
        <TokenCard
          text={LIVE_TOKEN_TEXT}
          state={{ hasToken: me.live_token.has_token, hint: me.live_token.hint, issuedAt: me.live_token.issued_at }}
          onGenerate={generate('live')}
          pending={pending === 'live'}
        />
        <TokenCard
          text={SANDBOX_TOKEN_TEXT}
          state={{ hasToken: me.sandbox_token.has_token, hint: me.sandbox_token.hint, issuedAt: me.sandbox_token.issued_at }}
          onGenerate={generate('sandbox')}
          pending={pending === 'sandbox'}
        />
      </section>

      <WebhooksPanel partnerId={partner.id} />

      <section aria-labelledby="integration-sandbox-hubs">
        <Card>
          <CardHeader>
            <CardTitle id="integration-sandbox-hubs">Hubs de teste</CardTitle>
            <CardDescription>
              O token de teste reserva só nestes Hubs simulados; cada resposta traz <code>"sandbox": true</code> e o cabeçalho <code>Hub-Sandbox: true</code>.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {me.sandbox_hubs.map((hub) => (
              <div key={hub.id} className="rounded-md border p-3">
                <p className="font-medium">
                  <span className="font-mono">{hub.id}</span> · {hub.name}
                </p>
                <p className="text-sm text-muted-foreground">{hub.address}</p>
                <ul className="mt-2 grid grid-cols-2 gap-1 text-sm">
                  {hub.sizes.map((s) => (
                    <li key={s.size}>
                      {s.size}: {s.lockers} {s.lockers === 1 ? 'locker' : 'lockers'}, {formatCents(s.price_per_hour)}/h
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="integration-docs">
        <Card>
          <CardHeader>
            <CardTitle id="integration-docs">Documentação</CardTitle>
            <CardDescription>Tudo o que a API de parceiros aceita e responde, com exemplos.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <a
              className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
              href={me.links.api_reference}
              target="_blank"
              rel="noreferrer"
            >
              <BookOpen className="size-4" aria-hidden /> Referência da API (abre em nova aba)
            </a>
            <a
              className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
              href={me.links.openapi}
              target="_blank"
              rel="noreferrer"
            >
              <FileCode className="size-4" aria-hidden /> Documento OpenAPI (JSON)
            </a>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
