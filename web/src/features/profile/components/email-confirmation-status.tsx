import Loader2 from 'lucide-react/icons/loader-circle';
import MailWarning from 'lucide-react/icons/mail-warning';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { resendConfirmationRequest } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useSecondsLeft } from '@/lib/use-seconds-left';
import type { Profile } from '../types';

/** As on the confirmation screen (spec: resend countdown 60 s), so the mail limit is not hit by a double press. */
const RESEND_SECONDS = 60;

/**
 * "Conta verificada por e-mail" only when the server says the address was proved; otherwise says
 * so and offers to mail the confirmation link again. Says nothing until the profile has loaded.
 */
export function EmailConfirmationStatus({ profile }: { profile: Pick<Profile, 'email' | 'email_confirmed'> | undefined }) {
  const [resendAt, setResendAt] = useState<number | null>(null);
  const seconds = useSecondsLeft(resendAt) ?? 0;
  const [sending, setSending] = useState(false);

  if (!profile) return null;
  if (profile.email_confirmed) {
    return (
      <p className="flex items-center gap-2" data-testid="email-confirmation">
        <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden /> Conta verificada por e-mail
      </p>
    );
  }

  const resend = async () => {
    setSending(true);
    try {
      await resendConfirmationRequest(profile.email);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      toast.success('E-mail de confirmação enviado!', { description: `Enviamos um novo link para ${profile.email}.` });
    } catch (error) {
      toast.error('Erro', { description: error instanceof ApiError && error.status < 500 ? error.message : 'Erro inesperado. Tente novamente.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-1" data-testid="email-confirmation">
      <p className="flex items-center gap-2">
        <MailWarning className="size-4 shrink-0 text-amber-700" aria-hidden /> E-mail não confirmado
      </p>
      <p className="text-muted-foreground">Confirme pelo link que enviamos ao seu e-mail.</p>
      <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void resend()} disabled={sending || seconds > 0}>
        {sending && <Loader2 className="animate-spin" aria-hidden />}
        {seconds > 0 ? `Reenviar em ${seconds}s` : 'Reenviar e-mail de confirmação'}
      </Button>
    </div>
  );
}
