import ArrowLeft from 'lucide-react/icons/arrow-left';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchX from 'lucide-react/icons/search-x';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { ApiError } from '@/lib/api-client';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}

export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-card p-8 text-center">
      <p className="text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </div>
  );
}

/** Spec: a missing partner reads 'Parceiro não encontrado', with the way back. */
export function PartnerNotFound() {
  return (
    <StatusPanel icon={SearchX} title="Parceiro não encontrado" role="alert" description="O parceiro pode ter sido removido.">
      <Button variant="outline" asChild>
        <Link to="/dashboard/partners">
          <ArrowLeft aria-hidden /> Voltar para Parceiros
        </Link>
      </Button>
    </StatusPanel>
  );
}

export function BackToPartners({ to = '/dashboard/partners', label = 'Voltar' }: { to?: string; label?: string }) {
  return (
    <Button variant="link" asChild className="self-start px-0">
      <Link to={to}>
        <ArrowLeft aria-hidden /> {label}
      </Link>
    </Button>
  );
}
