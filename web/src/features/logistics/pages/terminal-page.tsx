import ArrowLeft from 'lucide-react/icons/arrow-left';
import DoorOpen from 'lucide-react/icons/door-open';
import ShieldOff from 'lucide-react/icons/shield-off';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLogisticsHub } from '../api/get-logistics-hub';
import { usePressTerminal } from '../api/press-terminal';
import { HubNotFound, isMissing } from '../components/hub-not-found';
import { Keypad, MAX_CODE_LENGTH } from '../components/keypad';
import { LoadError, LoadingBlocks } from '../components/load-states';
import { logisticsHubPath } from '../components/logistics-paths';
import { padLockerNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /dashboard/terminal/:hubId: the Hub's door terminal in the browser. The server signs each
 * press as the Hub's controller would (docs/logistics-api.md); the secret never reaches here.
 */
export default function TerminalPage() {
  const { hubId = '' } = useParams();
  const hub = useLogisticsHub(hubId);
  const press = usePressTerminal(hubId);
  const [code, setCode] = useState('');

  usePageTitle('Terminal', 'dashboard');

  if (hub.isPending) return <LoadingBlocks label="Carregando Hub..." count={1} className="h-96" />;
  if (hub.isError) {
    if (hub.error instanceof ApiError && isMissing(hub.error.status)) return <HubNotFound />;
    return <LoadError message={errorMessage(hub.error, 'Erro ao carregar o Hub.')} onRetry={() => void hub.refetch()} retrying={hub.isFetching} />;
  }

  // A new key press starts a new attempt: the last answer goes away.
  const edit = (next: string) => {
    if (press.data || press.error) press.reset();
    setCode(next.replace(/\D/g, '').slice(0, MAX_CODE_LENGTH));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length < 6 || press.isPending) return;
    press.mutate(code, { onSettled: () => setCode('') });
  };

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-6">
      <header className="space-y-3">
        <Link to={logisticsHubPath(hubId)} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> {hub.data.hub.name}
        </Link>
        <h1 className="text-2xl font-bold">Terminal</h1>
        <p className="text-muted-foreground">
          Hub <strong className="text-foreground">{hub.data.hub.name}</strong>: digite o código de acesso ou de coleta.
        </p>
      </header>
      <Card className="p-5">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="space-y-2">
            <Label htmlFor="terminal-code">Código</Label>
            <Input
              id="terminal-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              className="h-14 text-center font-mono text-3xl tracking-[0.4em]"
              value={code}
              onChange={(e) => edit(e.target.value)}
            />
          </div>
          <Keypad
            onDigit={(d) => edit(code + d)}
            onBackspace={() => edit(code.slice(0, -1))}
            onClear={() => edit('')}
            canOpen={code.length >= 6}
            pending={press.isPending}
          />
        </form>
      </Card>
      <div aria-live="polite">
        {press.data && (
          <Card role="status" className="flex items-center gap-3 border-success/40 bg-success/10 p-5 text-success">
            <DoorOpen className="size-8 shrink-0" aria-hidden />
            <div>
              <p className="text-xl font-bold">Abrir porta {padLockerNumber(press.data.lockerOrder)}</p>
              <p className="text-sm">{press.data.lockerInterface}</p>
            </div>
          </Card>
        )}
        {press.error && (
          <Card role="alert" className="flex items-center gap-3 border-destructive/60 p-5 text-destructive">
            <ShieldOff className="size-8 shrink-0" aria-hidden />
            <p>{errorMessage(press.error, 'Código recusado.')}</p>
          </Card>
        )}
      </div>
    </div>
  );
}
