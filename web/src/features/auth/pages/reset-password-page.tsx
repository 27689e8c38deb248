import CheckCircle from 'lucide-react/icons/circle-check';
import KeyRound from 'lucide-react/icons/key-round';
import Loader2 from 'lucide-react/icons/loader-circle';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { resetPasswordRequest, verifyRecoveryRequest, type RecoveryTokens } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, newPasswordProblem } from '../components/new-password-fields';
import { recoveryTokensFrom } from '../account-links';
import { usePageTitle } from '@/lib/use-page-title';

/** Spec "Reset password": after success, the redirect to /login (3 s). */
const REDIRECT_MS = 3000;
const INVALID_LINK = 'Link de recuperação inválido ou expirado.';

type Phase = 'validating' | 'invalid' | 'form' | 'done';

const roundIcon = (icon: ReactNode, tone = 'bg-secondary text-primary') => (
  <span className={`flex size-14 items-center justify-center rounded-full ${tone}`}>{icon}</span>
);

export default function ResetPasswordPage() {
  usePageTitle('Redefinir senha');
  const navigate = useNavigate();
  // Read once, as the page opens: the query string first, else the hash (spec).
  const [tokens] = useState<RecoveryTokens | null>(() => recoveryTokensFrom(window.location.search, window.location.hash));
  const [phase, setPhase] = useState<Phase>(tokens ? 'validating' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The link's secret leaves the address bar (and the browser history) at once.
  useEffect(() => {
    if (window.location.hash || window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  useEffect(() => {
    if (!tokens) return;
    let live = true;
    verifyRecoveryRequest(tokens)
      .then(() => live && setPhase('form'))
      .catch((err: unknown) => {
        if (!live) return;
        // 401: unknown, used, replaced or expired; 400: not a link of ours at all.
        toast.error('Erro', {
          description: err instanceof ApiError && (err.status === 401 || err.status === 400) ? INVALID_LINK : 'Erro ao validar o link de recuperação.',
        });
        setPhase('invalid');
      });
    return () => {
      live = false;
    };
  }, [tokens]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !tokens) return;
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      setError(problem);
      toast.error('Erro', { description: problem });
      return;
    }
    setBusy(true);
    try {
      await resetPasswordRequest(tokens, password);
      toast.success('Sucesso!', { description: 'Senha redefinida com sucesso.' });
      setPhase('done');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast.error('Erro', { description: INVALID_LINK });
        setPhase('invalid');
      } else {
        toast.error('Erro', { description: err instanceof ApiError && err.status === 400 ? err.message : 'Erro ao redefinir senha. Tente novamente.' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (phase === 'validating') return <Loading label="Validando link de recuperação..." />;

  if (phase === 'invalid') {
    return (
      <AuthLayout
        title="Link Inválido"
        icon={roundIcon(<ShieldAlert className="size-7" aria-hidden />, 'bg-destructive/10 text-destructive')}
        description="Este link de recuperação é inválido, expirou ou já foi usado. Peça um novo link para redefinir sua senha."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Solicitar Novo Link</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (phase === 'done') {
    return (
      <AuthLayout
        title="Senha Redefinida!"
        icon={roundIcon(<CheckCircle className="size-7" aria-hidden />)}
        description="Sua senha foi alterada. Você será redirecionado para o login em instantes."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/login" replace>
            Ir para Login
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Redefinir Senha" icon={roundIcon(<KeyRound className="size-7" aria-hidden />)} description="Escolha uma nova senha para sua conta.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="reset"
          passwordLabel="Nova Senha"
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
          {busy ? 'Redefinindo...' : 'Redefinir Senha'}
        </Button>
      </form>
    </AuthLayout>
  );
}
