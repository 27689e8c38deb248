import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A card-sized placeholder while a chart's data loads. */
export function ChartSkeleton({ label }: { label: string }) {
  return (
    <Card role="status" aria-label={label} className="flex flex-col gap-4 p-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-64 max-w-full" />
      <Skeleton className="h-56 w-full" />
    </Card>
  );
}

/** A failed load, in place of what it should have shown, with a retry. */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
      <p className="text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden /> Tentar novamente
      </Button>
    </Card>
  );
}
