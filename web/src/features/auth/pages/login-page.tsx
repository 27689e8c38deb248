import Loader2 from 'lucide-react/icons/loader-circle';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '../auth-context';
import { postAuthRedirect } from '../post-auth-redirect';
import { loginFailureMessage } from '../components/api-errors';
import { AuthLayout } from '../components/auth-layout';
import { FormField, emailInputProps, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '../components/password-input';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { rememberOrigin, useRedirectIfAuthenticated } from '../components/use-authenticated-redirect';
import { usePageTitle } from '@/lib/use-page-title';

// Two required fields: react-hook-form's own rules, not a zod schema, so a first visit to /login
// does not download zod (~38 KB gzip) for them (issue 31).
interface LoginValues {
  email: string;
  password: string;
}
const emailRules = { validate: (value: string) => value.trim().length > 0 || 'Informe seu e-mail' };
const passwordRules = { validate: (value: string) => value.length > 0 || 'Informe sua senha' };

export default function LoginPage() {
  usePageTitle('Entrar');
  const redirecting = useRedirectIfAuthenticated();
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    // An operator arriving from their invitation page finds their e-mail already typed.
    defaultValues: { email: String((location.state as { email?: unknown } | null)?.email ?? ''), password: '' },
  });

  if (redirecting) return null;

  const onSubmit = async ({ email, password }: LoginValues) => {
    try {
      const user = await login(email.trim(), password);
      toast.success('Login realizado com sucesso!');
      rememberOrigin((location.state as { from?: unknown } | null)?.from);
      navigate(postAuthRedirect(user), { replace: true });
    } catch (error) {
      toast.error(loginFailureMessage(error));
      setFocus('password');
    }
  };

  return (
    <AuthLayout
      title="Acesse sua conta"
      description="Entre para reservar e abrir seus lockers no Hub."
      footer={
        <>
          Ainda não tem uma conta?{' '}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Cadastre-se
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <Input id="login-email" {...emailInputProps} {...fieldAria('login-email', errors.email?.message)} {...register('email', emailRules)} />
        </FormField>
        <FormField
          id="login-password"
          label="Senha"
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Esqueci minha senha
            </Link>
          }
        >
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder="Sua senha"
            {...fieldAria('login-password', errors.password?.message)}
            {...register('password', passwordRules)}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {isSubmitting ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
      <SocialLoginButtons disabled={isSubmitting} divider="ou continue com" />
    </AuthLayout>
  );
}
