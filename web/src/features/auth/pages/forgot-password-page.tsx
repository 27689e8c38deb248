import ArrowLeft from 'lucide-react/icons/arrow-left';
import Loader2 from 'lucide-react/icons/loader-circle';
import MailCheck from 'lucide-react/icons/mail-check';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { recoverRequest } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { usePageTitle } from '@/lib/use-page-title';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec "Forgot password": the form, then 'Email Enviado!' (the server answers alike for any e-mail). */
export default function ForgotPasswordPage() {
  usePageTitle('Esqueci minha senha');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value) return setError('Informe seu e-mail');
    if (!EMAIL.test(value)) return setError('E-mail inválido');
    setBusy(true);
    try {
      await recoverRequest(value);
      toast.success('Email enviado!', { description: 'Verifique seu email para redefinir sua senha.' });
      setSentTo(value);
    } catch (err) {
      // The server refused (a 429 says how long to wait, in its own words) or never answered.
      const description = !(err instanceof ApiError)
        ? 'Erro inesperado. Tente novamente.'
        : err.status === 429
          ? err.message
          : 'Erro ao enviar email de recuperação. Tente novamente.';
      toast.error('Erro', { description });
    } finally {
      setBusy(false);
    }
  };

  const backToLogin = (
    <Button asChild variant="ghost" size="lg" className="w-full">
      <Link to="/login">
        <ArrowLeft aria-hidden />
        Voltar para Login
      </Link>
    </Button>
  );

  if (sentTo !== null) {
    return (
      <AuthLayout
        title="Email Enviado!"
        icon={
          <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
            <MailCheck className="size-7" aria-hidden />
          </span>
        }
        description={
          <>
            Se houver uma conta com o e-mail
            <span className="mt-1 block break-all font-semibold text-foreground" data-testid="recovery-email">
              {sentTo}
            </span>
            enviamos um link para redefinir sua senha.
          </>
        }
      >
        <p className="rounded-md bg-muted px-3 py-2.5 text-sm text-muted-foreground" role="status">
          Verifique sua caixa de entrada (e a pasta de spam). O link vale por 1 hora.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => {
              setEmail('');
              setSentTo(null);
            }}
          >
            Enviar para outro email
          </Button>
          {backToLogin}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Esqueceu sua senha?" description="Informe seu e-mail e enviaremos um link para você criar uma nova senha.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField id="forgot-email" label="Email" error={error}>
          <Input
            id="forgot-email"
            name="email"
            required
            autoFocus
            {...emailInputProps}
            {...fieldAria('forgot-email', error)}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? 'Enviando...' : 'Recuperar Senha'}
        </Button>
      </form>
      <div className="mt-2">{backToLogin}</div>
    </AuthLayout>
  );
}
