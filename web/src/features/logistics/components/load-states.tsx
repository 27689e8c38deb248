import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Grey blocks in the shape of what loads, announced once to screen readers. */
export function LoadingBlocks({ label, count = 3, className = 'h-32' }: { label: string; count?: number; className?: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/** A failed read with its retry; the message is the server's (pt-BR) when there is one. */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 bg-card p-8 text-center">
      <p className="text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </div>
  );
}
