import { zodResolver } from '@hookform/resolvers/zod';
import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import Loader2 from 'lucide-react/icons/loader-circle';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { StorageKeys, storage } from '@/lib/storage';
import { useAuth } from '../auth-context';
import { postAuthRedirect } from '../post-auth-redirect';
import { fieldErrorOf } from '../components/api-errors';
import { emailField, newPasswordField, personName, phoneField } from '@contract/shared/account-fields';
import { maskPhoneInput, phoneDigits } from '../components/phone';
import { AuthLayout } from '../components/auth-layout';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '../components/password-input';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { useRedirectIfAuthenticated } from '../components/use-authenticated-redirect';
import { usePageTitle } from '@/lib/use-page-title';

// Spec §5 Register. An empty field says so under itself; the form says the spec sentence once.
const REQUIRED = 'Preencha todos os campos obrigatórios';
const FIELD_REQUIRED = 'Campo obrigatório';

// The server's own rules (contract/shared/account-fields.ts), worded for each empty field here.
const registerSchema = z.object({
  name: personName(FIELD_REQUIRED),
  email: emailField(FIELD_REQUIRED),
  phone: phoneField(FIELD_REQUIRED),
  password: newPasswordField(FIELD_REQUIRED),
});
type RegisterValues = z.input<typeof registerSchema>;
const FIELDS = ['name', 'email', 'phone', 'password'] as const;

export default function RegisterPage() {
  usePageTitle('Criar conta');
  const redirecting = useRedirectIfAuthenticated();
  const { register: signUp } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

  // Registered in screen order: the first invalid one gets the focus on submit.
  const nameField = register('name');
  const emailField = register('email');
  const phoneField = register('phone');
  const passwordField = register('password');

  if (redirecting) return null;

  const missingRequired = FIELDS.some((field) => errors[field]?.message === FIELD_REQUIRED);

  const onSubmit = async ({ name, email, phone, password }: RegisterValues) => {
    try {
      const user = await signUp({ name, email, phone: phoneDigits(phone), password });
      toast.success('Registro realizado com sucesso!');
      // A renter who started a booking goes straight back to that Hub (redirect order, step 1).
      const destination = storage.get(StorageKeys.pendingHubId) ? postAuthRedirect(user) : `/email-confirmation?email=${encodeURIComponent(email)}`;
      navigate(destination, { replace: true });
    } catch (error) {
      const fieldError = fieldErrorOf(error, FIELDS);
      if (fieldError) {
        setError(fieldError.field, { type: 'server', message: fieldError.message });
        setFocus(fieldError.field);
      }
      toast.error('Falha no registro', { description: errorMessage(error) });
    }
  };

  return (
    <AuthLayout
      title="Criar conta"
      description="Cadastre-se para reservar lockers por hora, quando e onde precisar."
      footer={
        <>
          Já tem uma conta?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <FormField id="register-name" label="Nome" error={errors.name?.message}>
          <Input
            id="register-name"
            autoComplete="name"
            autoCapitalize="words"
            placeholder="Seu nome completo"
            {...fieldAria('register-name', errors.name?.message)}
            {...nameField}
          />
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          <Input id="register-email" {...emailInputProps} {...fieldAria('register-email', errors.email?.message)} {...emailField} />
        </FormField>
        <FormField id="register-phone" label="Telefone" error={errors.phone?.message}>
          <Input
            id="register-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(11) 98765-4321"
            {...fieldAria('register-phone', errors.phone?.message)}
            {...phoneField}
            onChange={(event) => {
              // Mask in place (XX) XXXXX-XXXX, then let the form read the masked value.
              event.target.value = maskPhoneInput(event.target.value);
              return phoneField.onChange(event);
            }}
          />
        </FormField>
        <FormField id="register-password" label="Senha" error={errors.password?.message} hint="Use pelo menos 6 caracteres.">
          <PasswordInput
            id="register-password"
            autoComplete="new-password"
            placeholder="Crie uma senha"
            {...fieldAria('register-password', errors.password?.message, true)}
            {...passwordField}
          />
        </FormField>
        {missingRequired && (
          <p role="alert" className="flex items-center gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            <AlertCircle className="size-4 shrink-0" aria-hidden />
            {REQUIRED}
          </p>
        )}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {isSubmitting ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>
      <SocialLoginButtons disabled={isSubmitting} divider="ou cadastre-se com" />
    </AuthLayout>
  );
}
