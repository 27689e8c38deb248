import ArrowLeft from 'lucide-react/icons/arrow-left';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import PackageX from 'lucide-react/icons/package-x';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLogisticsHub } from '../api/get-logistics-hub';
import { HubNotFound, isMissing } from '../components/hub-not-found';
import { LoadError, LoadingBlocks } from '../components/load-states';
import { COLLECTIONS, logisticsHubPath, terminalPath } from '../components/logistics-paths';
import { OtpCodeCard } from '../components/otp-code-card';
import { useOtp } from '../components/use-otp';
import { usePageTitle } from '@/lib/use-page-title';

/** /dashboard/logistics/create-otp/:id (spec "OTP page"): the server-made pickup code for a Hub. */
export default function OtpPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const reservationId = params.get('reservation') ?? undefined;
  const hub = useLogisticsHub(id);
  const { otp, secondsLeft, generate, generating, error } = useOtp(id, reservationId, hub.isSuccess);

  usePageTitle('Código de coleta', 'dashboard');

  if (hub.isPending) return <LoadingBlocks label="Carregando Hub..." count={1} className="h-64" />;
  if (hub.isError) {
    if (hub.error instanceof ApiError && isMissing(hub.error.status)) return <HubNotFound />;
    return <LoadError message={errorMessage(hub.error, 'Erro ao carregar o Hub.')} onRetry={() => void hub.refetch()} retrying={hub.isFetching} />;
  }
  const name = hub.data.hub.name;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <header className="space-y-3">
        <Link to={logisticsHubPath(id)} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> {name}
        </Link>
        <h1 className="text-2xl font-bold">Código de coleta</h1>
        <p className="text-muted-foreground">
          Hub <strong className="text-foreground">{name}</strong>. Digite o código no terminal do Hub para abrir o locker.
        </p>
      </header>
      {error && !otp && !generating ? (
        // 404: nothing waiting in this Hub; anything else: the server's message and a retry.
        <StatusPanel icon={PackageX} tone={error instanceof ApiError && error.status === 404 ? 'neutral' : 'danger'} title={errorMessage(error)} role="alert">
          <Button onClick={generate}>Tentar novamente</Button>
          <Button asChild variant="outline">
            <Link to={COLLECTIONS}>Ver coletas</Link>
          </Button>
        </StatusPanel>
      ) : (
        <OtpCodeCard otp={otp} secondsLeft={secondsLeft} generating={generating} onGenerate={generate} />
      )}
      <Button asChild variant="outline" className="self-center">
        <Link to={terminalPath(id)}>
          <MonitorSmartphone aria-hidden /> Abrir o terminal do Hub
        </Link>
      </Button>
    </div>
  );
}
