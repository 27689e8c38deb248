import Loader2 from 'lucide-react/icons/loader-circle';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { socialLoginRequest } from '../api/auth-api';
import { useSocialProviders } from '../api/social-providers';
import { socialFailureMessage, socialReturnUrl, type SocialProvider as Provider } from '../social-sign-in';
import { AuthDivider } from './auth-layout';
import { rememberOrigin } from './use-authenticated-redirect';

const GoogleIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden focusable="false">
    <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92c-.26 1.37-1.04 2.53-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z" />
    <path
      fill="#34A853"
      d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84C3.99 20.53 7.7 23 12 23z"
    />
    <path fill="#FBBC05" d="M5.84 14.09c-.22-.66-.35-1.36-.35-2.09s.13-1.43.35-2.09V7.07H2.18C1.43 8.55 1 10.22 1 12s.43 3.45 1.18 4.93l2.85-2.22.81-.62z" />
    <path
      fill="#EA4335"
      d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z"
    />
  </svg>
);

const FacebookIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden focusable="false">
    <path
      fill="#1877F2"
      d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z"
    />
  </svg>
);

const AppleIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden focusable="false">
    <path
      fill="currentColor"
      d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701"
    />
  </svg>
);

/** Side by side from 640 px, one column per button offered. */
const COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' };

const PROVIDERS: { id: Provider; label: string; icon: ReactNode }[] = [
  { id: 'google', label: 'Google', icon: <GoogleIcon /> },
  { id: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { id: 'apple', label: 'Apple', icon: <AppleIcon /> },
];

/**
 * Google, Facebook and Apple sign-in (spec §7: GET /auth/social/{provider} → {data:{url}}, then the
 * browser goes to that url, and comes back to /auth/callback). A failure shows
 * '{provider} login failed: {message}' (or 'Falha no login com {provider}') and stays on the form.
 * Only the providers the server has credentials for are offered; with none, neither the buttons
 * nor the divider above them show. The form above never waits for that list.
 */
export function SocialLoginButtons({ disabled, divider }: { disabled?: boolean; divider: string }) {
  const [busy, setBusy] = useState<Provider | null>(null);
  const location = useLocation();
  const configured = useSocialProviders();
  const offered = PROVIDERS.filter(({ id }) => configured.includes(id));

  const start = async (provider: Provider, label: string) => {
    setBusy(provider);
    try {
      const response = await socialLoginRequest(provider, socialReturnUrl());
      const url = response?.data?.url;
      if (!url) throw new Error('URL de autorização não encontrada na resposta');
      // The page that sent the visitor to sign in survives the trip to the provider (redirect order step 2).
      rememberOrigin((location.state as { from?: unknown } | null)?.from);
      window.location.assign(url);
      // Leave the button busy: the page is about to unload.
    } catch (error) {
      console.error(`${label} login failed`, error);
      toast.error(socialFailureMessage(label, errorMessage(error, '')), {
        description: 'Tente novamente ou use seu e-mail e senha.',
      });
      setBusy(null);
    }
  };

  if (offered.length === 0) return null;
  return (
    <>
      <AuthDivider>{divider}</AuthDivider>
      <div className={cn('grid grid-cols-1 gap-2', COLUMNS[offered.length])}>
        {offered.map(({ id, label, icon }) => (
          <Button
            key={id}
            variant="outline"
            className="h-11 [&_svg]:size-5"
            disabled={disabled || busy !== null}
            aria-busy={busy === id || undefined}
            onClick={() => void start(id, label)}
          >
            {busy === id ? <Loader2 className="animate-spin" aria-hidden /> : icon}
            {label}
          </Button>
        ))}
      </div>
    </>
  );
}
