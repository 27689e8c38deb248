import { useQueryClient } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Home from 'lucide-react/icons/house';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import Send from 'lucide-react/icons/send';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { StatusPanel } from '@/components/ui/status-panel';
import { accessCheckQueryOptions, useAccessCheck, useRequestAccess } from '@/features/hubs/api/hub-access';
import type { Hub } from '@/features/hubs/types';
import { queryKeys } from '@/lib/query-keys';
import { StorageKeys, storage } from '@/lib/storage';
import { HubHeader } from './hub-header';

const RESTRICTED_REASON = 'Você precisa solicitar acesso a este Hub privado.';

/** A private Hub seen by a visitor: log in first. */
export function PrivateHubLocked({ hub }: { hub: Hub }) {
  const navigate = useNavigate();
  const location = useLocation();
  const login = () => {
    storage.set(StorageKeys.redirectAfterAuth, location.pathname);
    navigate('/login');
  };
  return (
    <StatusPanel
      icon={Lock}
      tone="warning"
      title="Hub privado"
      description={
        <>
          <p>
            <span className="font-medium text-foreground">
              {hub.name} ({hub.id})
            </span>{' '}
            é um Hub de acesso restrito.
          </p>
          <p className="mt-1">Faça login para verificar seu acesso e reservar um locker.</p>
        </>
      }
    >
      <Button onClick={login} size="lg">
        <LogIn aria-hidden /> Fazer Login
      </Button>
      <Button asChild variant="outline" size="lg">
        <Link to="/">
          <Home aria-hidden /> Voltar ao início
        </Link>
      </Button>
    </StatusPanel>
  );
}

type Phase = 'idle' | 'checking';

const MESSAGES = {
  granted: 'Acesso concedido! Você agora pode fazer reservas neste Hub.',
  sent: 'Solicitação enviada! Aguarde a aprovação para acessar este Hub.',
  requestFailed: 'Não foi possível solicitar acesso. Tente novamente.',
  checkFailed: 'Erro ao verificar acesso',
} as const;

/** After a self-registering request, the spec checks again after 2 seconds. */
const AUTO_RECHECK_MS = 2000;

/**
 * A signed-in user without a grant (spec "Hub detail": unknown → checking → has access / denied):
 * the reason and a card to ask for access. A pending request waits here and turns into the
 * booking without a reload when an admin approves it (access:changed refetches the Hub).
 */
export function PrivateHubRestricted({ hub, userId }: { hub: Hub; userId: string }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const check = useAccessCheck(userId, hub.id);
  const request = useRequestAccess(hub.id);
  const status = check.data?.status;

  // Granted (live, or by the re-check): the Hub's detail now carries its lockers.
  useEffect(() => {
    if (check.data?.hasAccess) void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.detail(hub.id) });
  }, [check.data?.hasAccess, hub.id, queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let answer;
    try {
      answer = await request.mutateAsync(message.trim());
    } catch {
      toast.error(MESSAGES.requestFailed);
      return;
    }
    setMessage('');
    if (hub.autoRegistration || answer.status === 'granted') {
      // Self-registration: check again after 2 s, as the spec does.
      setPhase('checking');
      await new Promise((resolve) => setTimeout(resolve, AUTO_RECHECK_MS));
      const fresh = await queryClient.fetchQuery({ ...accessCheckQueryOptions(userId, hub.id), staleTime: 0 }).catch(() => null);
      setPhase('idle');
      if (fresh?.hasAccess) {
        toast.success(MESSAGES.granted);
        return;
      }
    }
    toast.success(MESSAGES.sent);
  };

  const reason = check.isError ? MESSAGES.checkFailed : (check.data?.reason ?? RESTRICTED_REASON);
  const asking = request.isPending || phase === 'checking';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <HubHeader hub={hub} showAvailability={false} />
      <Card className="overflow-hidden">
        <div className="flex items-start gap-4 border-b bg-accent/10 p-5 sm:p-6">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent/20 text-amber-700">
            <ShieldAlert className="size-6" aria-hidden />
          </span>
          <div>
            <h2 className="text-xl font-bold">Acesso Restrito</h2>
            <p className="mt-1 text-muted-foreground" data-testid="access-reason">
              {check.isPending ? 'Verificando acesso...' : reason}
            </p>
          </div>
        </div>
        {check.isPending ? (
          <CardContent className="flex items-center gap-3 p-5 sm:p-6" role="status">
            <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
            <p>Verificando acesso...</p>
          </CardContent>
        ) : check.data?.hasAccess ? (
          <CardContent className="flex items-start gap-3 p-5 sm:p-6" role="status">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            <p>{MESSAGES.granted}</p>
          </CardContent>
        ) : status === 'pending' ? (
          <CardContent className="flex items-start gap-3 p-5 sm:p-6" role="status">
            <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div>
              <p className="font-medium">{MESSAGES.sent}</p>
              <p className="mt-1 text-sm text-muted-foreground">Esta página se atualiza sozinha quando o administrador decidir.</p>
            </div>
          </CardContent>
        ) : (
          <>
            <CardHeader className="pb-3">
              <CardTitle as="h3" className="text-base">
                {status === 'denied' || status === 'revoked' ? 'Solicitar acesso novamente' : 'Solicitar acesso'}
              </CardTitle>
              <CardDescription>O administrador do Hub analisará seu pedido. Conte quem você é para agilizar a aprovação.</CardDescription>
            </CardHeader>
            <CardContent>
              <form onSubmit={submit} className="flex flex-col gap-3">
                <Label htmlFor={`${ids}-message`}>Mensagem (opcional)</Label>
                <textarea
                  id={`${ids}-message`}
                  value={message}
                  maxLength={500}
                  rows={3}
                  onChange={(e) => setMessage(e.target.value)}
                  placeholder="Ex.: sou morador do apartamento 42."
                  className="w-full resize-y rounded-md border bg-card px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
                />
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <Button asChild variant="outline">
                    <Link to="/">Voltar ao início</Link>
                  </Button>
                  <Button type="submit" disabled={asking}>
                    {asking ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                    {phase === 'checking' ? 'Verificando acesso...' : request.isPending ? 'Enviando...' : 'Solicitar Acesso'}
                  </Button>
                </div>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
