import History from 'lucide-react/icons/history';
import Loader2 from 'lucide-react/icons/loader-circle';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatSaoPauloDateTime } from '@/lib/sao-paulo-time';
import { usePartnerHistory } from '../api/partners-api';
import type { PartnerHistoryEntry } from '../types';

// 'Histórico' on the admin's partner page (issue 27 item 1): what was done to the partner, its
// users, Hubs, tokens and webhooks, and by whom, newest first. All of it in one list: a partner's
// streams are short (a handful of admin acts), so there is no paging and no 'Ver mais'.

const ROLE_LABEL: Record<string, string> = {
  admin: 'Administrador',
  logistics: 'Logística',
  maintenance: 'Manutenção',
  partner: 'Parceiro',
  user: 'Usuário',
};

/** 'Maria Silva · Administrador', 'API de parceiros', 'Processo automático · Sistema'. */
export function historyActor(actor: PartnerHistoryEntry['actor']): string {
  if (actor.role === 'partner_api') return actor.name ?? 'API de parceiros';
  if (actor.name === null) return actor.role === 'worker' ? 'Processo automático · Sistema' : 'Sistema';
  return `${actor.name} · ${ROLE_LABEL[actor.role] ?? 'Usuário'}`;
}

export function PartnerHistoryCard({ partnerId }: { partnerId: string }) {
  const history = usePartnerHistory(partnerId);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5" aria-hidden /> Histórico
        </CardTitle>
        <CardDescription>Cadastro, alterações, usuários, Hubs, tokens e webhooks do parceiro, do mais recente ao mais antigo.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Carregando histórico...
          </p>
        ) : history.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
            Erro ao carregar histórico
            <Button size="sm" variant="outline" onClick={() => void history.refetch()} disabled={history.isFetching}>
              Tentar novamente
            </Button>
          </div>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum registro no histórico.</p>
        ) : (
          <ol className="flex flex-col divide-y" aria-label="Histórico do parceiro">
            {history.data.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={entry.at} className="shrink-0 text-sm tabular-nums text-muted-foreground">
                  {formatSaoPauloDateTime(Date.parse(entry.at))}
                </time>
                <div className="min-w-0">
                  <p className="break-words font-medium">{entry.description}</p>
                  <p className="text-sm text-muted-foreground">{historyActor(entry.actor)}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
