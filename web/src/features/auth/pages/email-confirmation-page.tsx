import Home from 'lucide-react/icons/house';
import MailCheck from 'lucide-react/icons/mail-check';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSecondsLeft } from '@/lib/use-seconds-left';
import { resendConfirmationRequest } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { confirmationTokenFrom } from '../account-links';
import { ConfirmEmailLink } from '../components/confirm-email-link';
import { usePageTitle } from '@/lib/use-page-title';

/** Spec "E-mail confirmation": the resend button waits 60 s between presses; it really resends. */
const RESEND_SECONDS = 60;

export default function EmailConfirmationPage() {
  usePageTitle('Confirme seu e-mail');
  // The link from the mail carries its token in the hash: that is the confirming visit.
  const [token] = useState(() => confirmationTokenFrom(window.location.hash));
  if (token) return <ConfirmEmailLink token={token} />;
  return <CheckYourInbox />;
}

function CheckYourInbox() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  // Counted against a deadline, not by chained one-second timers, so a busy tab does not drift.
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_SECONDS * 1000);
  const seconds = useSecondsLeft(resendAt) ?? 0;
  const [sending, setSending] = useState(false);

  const resend = async () => {
    if (sending || !email) return;
    setSending(true);
    try {
      await resendConfirmationRequest(email);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      toast.success('E-mail de confirmação reenviado!', { description: `Enviamos um novo link para ${email}.` });
    } catch (err) {
      toast.error('Erro', { description: err instanceof ApiError && err.status < 500 ? err.message : 'Erro inesperado. Tente novamente.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout
      title="Confirme seu e-mail"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <MailCheck className="size-7" aria-hidden />
        </span>
      }
      description={
        email ? (
          <>
            Enviamos um link de confirmação para
            <span className="mt-1 block break-all font-semibold text-foreground" data-testid="confirmation-email">
              {email}
            </span>
          </>
        ) : (
          'Enviamos um link de confirmação para o seu e-mail.'
        )
      }
      footer={
        <>
          Ao usar o Hub, você concorda com os{' '}
          <Link to="/terms" className="font-medium text-primary underline-offset-4 hover:underline">
            Termos de Uso
          </Link>{' '}
          e a{' '}
          <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            Política de Privacidade
          </Link>
          .
        </>
      }
    >
      <ol className="flex flex-col gap-3 text-sm">
        <Step n={1}>Abra o e-mail que enviamos para você.</Step>
        <Step n={2}>Clique no link de confirmação para ativar sua conta.</Step>
        <Step n={3}>
          Não encontrou? Verifique a pasta de <strong className="font-semibold">spam</strong> ou lixo eletrônico.
        </Step>
      </ol>

      <div className="mt-6 flex flex-col gap-2">
        <Button variant="outline" size="lg" className="w-full" disabled={seconds > 0 || sending || !email} onClick={() => void resend()}>
          {sending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />}
          {sending ? 'Enviando...' : seconds > 0 ? `Reenviar em ${seconds}s` : 'Reenviar e-mail'}
        </Button>
        <Button asChild size="lg" className="w-full">
          <Link to="/">
            <Home aria-hidden />
            Voltar para o início
          </Link>
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {seconds === 0 ? 'Você já pode reenviar o e-mail de confirmação.' : ''}
      </p>
    </AuthLayout>
  );
}

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">{n}</span>
      <span className="pt-0.5 text-muted-foreground">{children}</span>
    </li>
  );
}
