import ShieldAlert from 'lucide-react/icons/shield-alert';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/**
 * A signed-in account without dashboard access. Sending it to /login as a visitor is sent would
 * loop (the login page returns a signed-in user to the remembered /dashboard): it is offered
 * to sign in with another account instead, which then comes back here.
 */
export function AccessDenied({ name, onSwitchAccount }: { name: string; onSwitchAccount: () => void }) {
  return (
    <main id="conteudo" tabIndex={-1} className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center focus:outline-none">
      <ShieldAlert className="size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">Acesso restrito</h1>
      <p className="text-muted-foreground">
        O dashboard é só para administradores e para a equipe de logística. Você está conectado como <strong className="text-foreground">{name}</strong>.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onSwitchAccount}>Entrar com outra conta</Button>
        <Button variant="outline" asChild>
          <Link to="/">Voltar para o início</Link>
        </Button>
      </div>
    </main>
  );
}
