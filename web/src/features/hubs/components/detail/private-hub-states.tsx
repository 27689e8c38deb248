import { useQueryClient } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Home from 'lucide-react/icons/house';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import Send from 'lucide-react/icons/send';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { StatusPanel } from '@/components/ui/status-panel';
import { getHub } from '@/features/hubs/api/get-hub';
import type { Hub } from '@/features/hubs/types';
import { api } from '@/lib/api-client';
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

type RequestState = 'idle' | 'sending' | 'checking' | 'sent' | 'granted';

/** A signed-in user without a grant: the reason and a card to ask for access. */
export function PrivateHubRestricted({ hub }: { hub: Hub }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [message, setMessage] = useState('');
  const [state, setState] = useState<RequestState>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    try {
      await api.post('/user-hub-access/request', { hubId: hub.id, message: message.trim() });
    } catch {
      toast.error('Não foi possível solicitar acesso. Tente novamente.');
      setState('idle');
      return;
    }
    if (hub.autoRegistration) {
      // Self-registration: the grant lands shortly; check again after 2 s.
      setState('checking');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      try {
        const fresh = await queryClient.fetchQuery({ queryKey: queryKeys.hubs.detail(hub.id), queryFn: () => getHub(hub.id), staleTime: 0 });
        if (fresh.has_access) {
          setState('granted');
          toast.success('Acesso concedido! Você agora pode fazer reservas neste Hub.');
          return;
        }
      } catch {
        /* fall through to "waiting for approval" */
      }
    }
    setState('sent');
    toast.success('Solicitação enviada! Aguarde a aprovação para acessar este Hub.');
  };

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
            <p className="mt-1 text-muted-foreground">{RESTRICTED_REASON}</p>
          </div>
        </div>
        {state === 'sent' ? (
          <CardContent className="flex items-start gap-3 p-5 sm:p-6" role="status">
            <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <p>Solicitação enviada! Aguarde a aprovação para acessar este Hub.</p>
          </CardContent>
        ) : state === 'granted' ? (
          <CardContent className="flex items-start gap-3 p-5 sm:p-6" role="status">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            <p>Acesso concedido! Você agora pode fazer reservas neste Hub.</p>
          </CardContent>
        ) : (
          <>
            <CardHeader className="pb-3">
              <CardTitle as="h3" className="text-base">
                Solicitar acesso
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
                  <Button type="submit" disabled={state !== 'idle'}>
                    {state === 'idle' ? <Send aria-hidden /> : <LoaderCircle className="animate-spin" aria-hidden />}
                    {state === 'checking' ? 'Verificando acesso...' : state === 'sending' ? 'Enviando...' : 'Solicitar Acesso'}
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
