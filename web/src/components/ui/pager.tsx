import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/components/ui/button';

interface PagerProps {
  /** The nav landmark's name, e.g. 'Páginas de Hubs'. */
  label: string;
  page: number;
  pages: number;
  /** What the pages hold, after 'Página N de M · ' (e.g. '17 Hubs'). */
  total: string;
  onPage: (page: number) => void;
}

/** 'Anterior' / 'Próxima' under a paged list, with where the reader is (announced politely). */
export function Pager({ label, page, pages, total, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Página {page} de {pages} · {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> Anterior
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
