import Loader2 from 'lucide-react/icons/loader-circle';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { socialSessionRequest } from '../api/social-api';
import { useAuth } from '../auth-context';
import { AuthLayout } from '../components/auth-layout';
import { postAuthRedirect } from '../post-auth-redirect';
import { providerLabelOf, reasonOfCallbackError, socialFailureMessage } from '../social-sign-in';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Where a social sign-in comes back (/auth/callback). The API left either a one-time code in the
 * fragment (#code=…), traded here for the session, or ?error=<code>&provider=<provider>. Then the
 * spec's post-authentication redirect order applies (no phone → /update-phone).
 */
export default function SocialCallbackPage() {
  usePageTitle('Entrando');
  const { acceptSession } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the code works a single time (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const label = providerLabelOf(query.get('provider'));
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code leaves the address bar (and the history entry) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);

    const fail = (message: string) => {
      setFailure(message);
      toast.error(message);
    };
    if (!code) {
      fail(socialFailureMessage(label, reasonOfCallbackError(query.get('error'))));
      return;
    }
    socialSessionRequest(code)
      .then((response) => {
        const user = acceptSession(response);
        toast.success('Login realizado com sucesso!');
        navigate(postAuthRedirect(user), { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Social login failed', error);
        fail(socialFailureMessage(label, errorMessage(error, '')));
      });
  }, [acceptSession, navigate]);

  if (!failure) {
    return (
      <AuthLayout title="Entrando..." description="Estamos concluindo seu login.">
        <div role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Concluindo login...
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Não foi possível entrar"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" aria-hidden />
        </span>
      }
    >
      <div className="flex flex-col gap-4 text-center">
        <p role="alert" className="text-sm">
          {failure}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/login" replace>
            Voltar para Login
          </Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
