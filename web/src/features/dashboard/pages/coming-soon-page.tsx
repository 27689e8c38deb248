import ArrowLeft from 'lucide-react/icons/arrow-left';
import Hourglass from 'lucide-react/icons/hourglass';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** A dashboard screen of a later issue: a short panel, never a 404. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-lg border border-dashed bg-card px-6 py-12 text-center">
      <Hourglass className="size-10 text-primary" aria-hidden />
      <h1 className="text-2xl font-bold">{title} — em breve</h1>
      <p className="text-muted-foreground">Esta área do dashboard está em construção e chega numa próxima versão.</p>
      <Button variant="outline" asChild>
        <Link to="/dashboard">
          <ArrowLeft aria-hidden /> Voltar para o Início
        </Link>
      </Button>
    </div>
  );
}
