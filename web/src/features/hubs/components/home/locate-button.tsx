import LocateFixed from 'lucide-react/icons/locate-fixed';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function LocateButton({ onClick, locating, className }: { onClick: () => void; locating: boolean; className?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={locating} aria-busy={locating} className={cn('shadow-sm', className)}>
      <LocateFixed className={cn('text-primary', locating && 'animate-pulse')} aria-hidden />
      Minha localização
    </Button>
  );
}
