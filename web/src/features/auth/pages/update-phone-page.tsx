import Loader2 from 'lucide-react/icons/loader-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { maskPhone } from '@/lib/format';
import { StorageKeys, storage } from '@/lib/storage';
import { useAuth } from '../auth-context';
import { fieldErrorOf } from '../components/api-errors';
import { AuthLayout } from '../components/auth-layout';
import { FormField } from '@/components/ui/form-field';
import { PHONE_INVALID, isValidPhone, maskPhoneInput, phoneDigits } from '../components/phone';
import { isSafeRedirect } from '../components/use-authenticated-redirect';
import { usePageTitle } from '@/lib/use-page-title';

export default function UpdatePhonePage() {
  usePageTitle('Atualize seu telefone');
  const { user, isAuthenticated, updatePhone } = useAuth();
  const navigate = useNavigate();
  // Decided when the page opens (spec "Phone update"); a successful update navigates by itself.
  const [leaveTo] = useState(() => {
    if (!isAuthenticated) return '/login';
    if (user?.phone?.trim() && !storage.get(StorageKeys.needsPhoneUpdate)) return '/';
    return null;
  });
  const [phone, setPhone] = useState(() => (user?.phone ? maskPhone(user.phone) : ''));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (leaveTo) return <Navigate to={leaveTo} replace />;

  const digits = phoneDigits(phone).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isValidPhone(phone)) {
      setError(PHONE_INVALID);
      toast.error(PHONE_INVALID);
      return;
    }
    setBusy(true);
    try {
      await updatePhone(phoneDigits(phone));
      storage.remove(StorageKeys.needsPhoneUpdate);
      toast.success('Telefone atualizado com sucesso!');
      const stored = storage.get(StorageKeys.redirectAfterAuth);
      storage.remove(StorageKeys.redirectAfterAuth);
      navigate(isSafeRedirect(stored) ? stored : '/', { replace: true });
    } catch (err) {
      console.error('Erro ao atualizar telefone', err);
      const fieldError = fieldErrorOf(err, ['phone'] as const);
      setError(fieldError?.message);
      toast.error('Falha ao atualizar telefone', { description: fieldError?.message ?? errorMessage(err) });
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Atualize seu telefone"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <Smartphone className="size-7" aria-hidden />
        </span>
      }
      description={user?.name ? `Olá, ${user.name.split(/\s+/)[0]}! Falta pouco para concluir seu cadastro.` : 'Falta pouco para concluir seu cadastro.'}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField id="update-phone" label="Telefone" error={error}>
          <Input
            id="update-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(11) 98765-4321"
            autoFocus
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'update-phone-error' : 'update-phone-note'}
            onChange={(event) => {
              setPhone(maskPhoneInput(event.target.value));
              setError(undefined);
            }}
            onBlur={() => {
              if (digits > 0 && !isValidPhone(phone)) setError(PHONE_INVALID);
            }}
          />
        </FormField>
        <p id="update-phone-note" className="flex items-start gap-2 rounded-md bg-muted px-3 py-2.5 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          Usaremos este número para comunicações importantes sobre sua conta e suas reservas.
        </p>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || digits < 10}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? 'Atualizando...' : 'Atualizar e Continuar'}
        </Button>
      </form>
    </AuthLayout>
  );
}
