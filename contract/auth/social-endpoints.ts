import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../../domain/accounts/social-providers.js';
import { endpoint } from '../endpoint.js';
import { SessionAnswer } from './auth-schemas.js';
import { authExamples } from './auth-examples.js';

// Social sign-in (spec §7: GET /auth/social/{provider}?redirectUrl= → { data: { url } }). The
// provider's callback answers the browser with a redirect, never JSON: to redirectUrl#code=… on
// success, to redirectUrl?error=<code>&provider=<provider> on failure. The web app then trades
// the one-time code for a session.

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export const ProviderParams = z.object({ provider: SocialProviderSchema });
export const unsupportedProvider = { status: 404, code: 'not_found', message: 'Provedor de login não suportado' } as const;

export const socialProviders = endpoint({
  method: 'GET',
  path: '/api/auth/social/providers',
  tag: 'Autenticação',
  summary: 'Os provedores de login social configurados neste servidor',
  auth: 'public',
  responses: { 200: z.object({ providers: z.array(SocialProviderSchema) }) },
  errors: [],
  examples: authExamples.socialProviders,
});

export const startSocialSignIn = endpoint({
  method: 'GET',
  path: '/api/auth/social/{provider}',
  tag: 'Autenticação',
  summary: 'Começa o login social: devolve o endereço do provedor',
  description: 'redirectUrl deve apontar para o app web (APP_URL) ou uma origem de CORS_ORIGINS.',
  auth: 'public',
  params: ProviderParams,
  query: z.object({ redirectUrl: z.string().max(2000).meta({ description: 'Para onde o navegador volta depois do login.' }) }),
  responses: { 200: z.object({ data: z.object({ url: z.string() }) }) },
  errors: [
    unsupportedProvider,
    { status: 404, code: 'social_provider_not_configured', message: 'Login com Google não está disponível.' },
    { status: 400, code: 'redirect_url_required', message: 'Informe o endereço de retorno (redirectUrl).' },
    { status: 400, code: 'redirect_url_not_allowed', message: 'Endereço de retorno não permitido.' },
    { status: 503, code: 'social_provider_unavailable', message: 'Não foi possível conectar ao Google. Tente novamente.' },
  ],
  examples: authExamples.startSocialSignIn,
});

const CallbackInput = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  // Apple's first sign-in posts the name as JSON here (it is in no token).
  user: z.string().max(2000).optional(),
});

const callback = {
  tag: 'Autenticação',
  auth: 'public',
  params: ProviderParams,
  responses: { 303: null },
  responseMediaType: { 303: 'text/plain' },
  errors: [unsupportedProvider],
} as const;

export const socialCallback = endpoint({
  ...callback,
  method: 'GET',
  path: '/api/auth/social/{provider}/callback',
  summary: 'Volta do provedor: redireciona o navegador ao app com um código de uso único',
  query: CallbackInput,
});

export const socialCallbackPost = endpoint({
  ...callback,
  method: 'POST',
  path: '/api/auth/social/{provider}/callback',
  summary: 'Volta do provedor por formulário (Apple): redireciona o navegador ao app',
  body: CallbackInput,
  bodyMediaType: 'application/x-www-form-urlencoded',
});

export const socialSession = endpoint({
  method: 'POST',
  path: '/api/auth/social/session',
  tag: 'Autenticação',
  summary: 'Troca o código de uso único do login social por uma sessão',
  auth: 'public',
  body: z.object({ code: z.string({ error: 'Código ausente' }).min(1, 'Código ausente').max(200, 'Máximo de 200 caracteres') }),
  responses: { 200: SessionAnswer },
  errors: [{ status: 401, code: 'invalid_social_code', message: 'Link de login inválido ou expirado. Tente novamente.' }],
  examples: authExamples.socialSession,
});

export const socialEndpoints = { socialProviders, startSocialSignIn, socialCallback, socialCallbackPost, socialSession };
