import { Skeleton } from '@/components/ui/skeleton';

/** The detail's shape while it loads: title, tabs, a few cards and the side card. */
export function HubDetailSkeleton() {
  return (
    <div role="status" aria-label="Carregando Hub..." className="mx-auto w-full max-w-6xl space-y-6">
      <Skeleton className="h-4 w-24" />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="space-y-2">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-40" />
        </div>
        <Skeleton className="h-10 w-48" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Skeleton className="h-10 w-72" />
          <div className="grid grid-cols-[repeat(auto-fill,minmax(14.5rem,1fr))] gap-4">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-44" />
            ))}
          </div>
        </div>
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
