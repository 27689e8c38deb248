import CheckCircle from 'lucide-react/icons/circle-check';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { confirmEmailRequest } from '../api/auth-api';
import { AuthLayout } from './auth-layout';

type Phase = 'confirming' | 'confirmed' | 'invalid' | 'failed';

/** Confirms the address the link was sent to, once, and says how it went. */
export function ConfirmEmailLink({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>('confirming');

  useEffect(() => {
    // The token leaves the address bar and the history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let live = true;
    confirmEmailRequest(token)
      .then(() => live && setPhase('confirmed'))
      .catch((err: unknown) => live && setPhase(err instanceof ApiError && err.status === 400 ? 'invalid' : 'failed'));
    return () => {
      live = false;
    };
  }, [token]);

  if (phase === 'confirming') return <Loading label="Confirmando seu e-mail..." />;
  const ok = phase === 'confirmed';
  return (
    <AuthLayout
      title={ok ? 'E-mail confirmado!' : 'Link Inválido'}
      icon={
        <span className={`flex size-14 items-center justify-center rounded-full ${ok ? 'bg-secondary text-primary' : 'bg-destructive/10 text-destructive'}`}>
          {ok ? <CheckCircle className="size-7" aria-hidden /> : <ShieldAlert className="size-7" aria-hidden />}
        </span>
      }
      description={
        ok
          ? 'Seu e-mail foi confirmado. Tudo pronto para reservar seu locker.'
          : phase === 'invalid'
            ? 'Link de confirmação inválido ou expirado. Peça um novo link na tela de confirmação ou entre na sua conta.'
            : 'Erro inesperado. Tente novamente.'
      }
    >
      <div className="flex flex-col gap-2">
        <Button asChild size="lg" className="w-full">
          <Link to={ok ? '/' : '/login'}>{ok ? 'Voltar para o início' : 'Ir para Login'}</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
