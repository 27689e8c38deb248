import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Spec: "A hidden sign-up promo shows for visitors" — rendered for visitors, kept hidden. */
export function SignupPromo() {
  return (
    <section
      data-testid="signup-promo"
      aria-labelledby="signup-promo-title"
      className="hidden items-center justify-between gap-4 rounded-xl bg-gradient-to-r from-primary to-teal-500 p-6 text-primary-foreground"
    >
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <h2 id="signup-promo-title" className="font-semibold">
            Crie sua conta grátis
          </h2>
          <p className="text-sm text-white/85">Cadastre-se para reservar lockers em poucos cliques e acompanhar suas reservas.</p>
        </div>
      </div>
      <Button asChild variant="secondary">
        <Link to="/register">Criar conta</Link>
      </Button>
    </section>
  );
}
