import CheckCircle from 'lucide-react/icons/circle-check';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-circle';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { acceptInvitationRequest, invitationTokenFrom, verifyInvitationRequest } from '../api/invitation-api';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, newPasswordProblem } from '../components/new-password-fields';
import { usePageTitle } from '@/lib/use-page-title';

// The page an operator's invitation opens (/convite#token=…): 'Defina sua senha' with the same
// rules as the reset screen (spec §5: at least 6 characters, both fields equal), then /login.

const INVALID = 'Convite inválido ou expirado.';

type Phase = { step: 'checking' } | { step: 'invalid' } | { step: 'form'; name: string; email: string } | { step: 'done'; email: string };

const roundIcon = (icon: ReactNode, tone = 'bg-secondary text-primary') => (
  <span className={`flex size-14 items-center justify-center rounded-full ${tone}`}>{icon}</span>
);

export default function InvitationPage() {
  usePageTitle('Convite');
  const [token] = useState(() => invitationTokenFrom(window.location.hash));
  const [phase, setPhase] = useState<Phase>(token ? { step: 'checking' } : { step: 'invalid' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The link's secret leaves the address bar (and the history) at once.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyInvitationRequest(token)
      .then(({ data }) => live && setPhase({ step: 'form', ...data }))
      .catch(() => live && setPhase({ step: 'invalid' }));
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token || phase.step !== 'form') return;
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      setError(problem);
      toast.error('Erro', { description: problem });
      return;
    }
    setBusy(true);
    try {
      const { data } = await acceptInvitationRequest(token, password);
      toast.success('Sucesso!', { description: data.message });
      setPhase({ step: 'done', email: phase.email });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.message === INVALID) setPhase({ step: 'invalid' });
      else toast.error('Erro', { description: err instanceof ApiError && err.status === 400 ? err.message : 'Erro ao definir a senha. Tente novamente.' });
    } finally {
      setBusy(false);
    }
  };

  if (phase.step === 'checking') return <Loading label="Validando convite..." />;

  if (phase.step === 'invalid') {
    return (
      <AuthLayout
        title="Convite Inválido"
        icon={roundIcon(<ShieldAlert className="size-7" aria-hidden />, 'bg-destructive/10 text-destructive')}
        description="Este convite é inválido, expirou ou já foi usado. Peça ao administrador um novo convite, ou redefina sua senha se já a definiu."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Esqueci minha senha</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (phase.step === 'done') {
    return (
      <AuthLayout
        title="Senha Definida!"
        icon={roundIcon(<CheckCircle className="size-7" aria-hidden />)}
        description="Sua conta de operador está pronta. Entre com seu e-mail e a nova senha."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/login" state={{ email: phase.email }} replace>
            Ir para Login
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Defina sua senha"
      icon={roundIcon(<KeyRound className="size-7" aria-hidden />)}
      description={`Olá, ${phase.name}! Escolha a senha da sua conta de operador (${phase.email}).`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="invite"
          passwordLabel="Senha"
          password={password}
          confirm={confirm}
          error={error}
          onPassword={(value) => {
            setPassword(value);
            setError(undefined);
          }}
          onConfirm={(value) => {
            setConfirm(value);
            setError(undefined);
          }}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || !password || !confirm}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? 'Salvando...' : 'Definir Senha'}
        </Button>
      </form>
    </AuthLayout>
  );
}
