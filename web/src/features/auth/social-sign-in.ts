// Texts and helpers of social sign-in (spec §8: '{provider} login failed: {message}', fallback
// 'Falha no login com {provider}').

export type SocialProvider = 'google' | 'facebook' | 'apple';

export const SOCIAL_LABELS: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

export const isSocialProvider = (value: unknown): value is SocialProvider => typeof value === 'string' && Object.hasOwn(SOCIAL_LABELS, value);

export const providerLabelOf = (value: string | null | undefined): string =>
  value && value in SOCIAL_LABELS ? SOCIAL_LABELS[value as SocialProvider] : 'provedor';

/** Where the provider's sign-in comes back to in this app (the server only allows its own origin). */
export const socialReturnUrl = () => `${window.location.origin}/auth/callback`;

/** Why the API's callback refused, by the error code it put in the URL; unknown codes say nothing. */
const REASONS: Record<string, string> = {
  invalid_state: 'a tentativa de login expirou ou não é válida. Tente novamente.',
  access_denied: 'o acesso foi negado no provedor.',
  exchange_failed: 'o provedor não confirmou sua identidade. Tente novamente.',
  provider_error: 'o provedor não concluiu o login. Tente novamente.',
  invalid_response: 'o provedor não concluiu o login. Tente novamente.',
  social_email_unverified: 'seu e-mail não foi verificado pelo provedor. Verifique-o lá ou entre com e-mail e senha.',
  social_email_missing: 'o provedor não informou um e-mail. Autorize o acesso ao e-mail e tente novamente.',
  account_conflict: 'não foi possível vincular sua conta. Tente novamente.',
};

export const reasonOfCallbackError = (code: string | null) => (code ? REASONS[code] : undefined);

/** '{provider} login failed: {message}', or 'Falha no login com {provider}' when there is no message. */
export function socialFailureMessage(label: string, message?: string | null): string {
  return message?.trim() ? `${label} login failed: ${message.trim()}` : `Falha no login com ${label}`;
}
