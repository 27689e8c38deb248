import CloudOff from 'lucide-react/icons/cloud-off';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchX from 'lucide-react/icons/search-x';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** 'Carregando Hubs...' over skeleton cards (list) or a map-sized placeholder (map). */
export function HubsLoading({ variant }: { variant: 'list' | 'map' }) {
  const status = (
    <div role="status" className="flex items-center justify-center gap-3 text-sm font-medium text-muted-foreground">
      <span className="size-5 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden />
      Carregando Hubs...
    </div>
  );
  if (variant === 'map') {
    return (
      <div className="flex h-[440px] items-center justify-center rounded-xl border bg-muted/60 sm:h-[560px]">
        <div className="rounded-full bg-card px-5 py-3 shadow-sm">{status}</div>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {status}
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={cn('overflow-hidden rounded-xl border bg-card', i >= 2 && i < 4 && 'hidden md:block', i >= 4 && 'hidden lg:block')}>
            <Skeleton className="h-36 rounded-none" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** 'Erro ao carregar dados' with a retry; a retry that fails again also raises a toast. */
export function HubsError({ onRetry, retrying }: { onRetry: () => Promise<{ isError: boolean }>; retrying: boolean }) {
  const retry = async () => {
    const result = await onRetry();
    if (result.isError) toast.error('Erro ao carregar os Hubs.');
  };
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-14 text-center shadow-sm">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-7" aria-hidden />
      </span>
      <div className="max-w-md space-y-1.5">
        <h2 className="text-xl font-semibold">Erro ao carregar dados</h2>
        <p className="text-sm text-muted-foreground">Não foi possível carregar os Hubs. Verifique sua conexão e tente novamente.</p>
      </div>
      <Button onClick={() => void retry()} disabled={retrying} aria-busy={retrying}>
        <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}

export function EmptyState({ title, description, icon, className }: { title: string; description?: string; icon?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        {icon ?? <SearchX className="size-6" aria-hidden />}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
