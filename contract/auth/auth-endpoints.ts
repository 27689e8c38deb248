import type { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { CurrentSession, LoginBody, RefreshBody, RegisterBody, SessionAnswer, UpdatePhoneBody, UserAnswer } from './auth-schemas.js';
import { authExamples } from './auth-examples.js';

// Sign-up, sign-in, session renewal and sign-out (spec §7 Auth). Access tokens live 15 minutes;
// the refresh token, rotated on every use, renews them.

export const AuthErrors = {
  emailTaken: { status: 409, code: 'email_taken', message: 'E-mail já cadastrado' },
  badCredentials: { status: 401, code: 'invalid_credentials', message: 'Falha no login: Verifique suas credenciais' },
  badRefresh: { status: 401, code: 'invalid_refresh_token', message: 'Sessão inválida' },
  badSession: { status: 401, code: 'unauthorized', message: 'Sessão inválida' },
  busy: { status: 503, code: 'busy', message: 'Servidor ocupado. Tente novamente em instantes.' },
  throttled: { status: 429, code: 'login_throttled', message: 'Muitas tentativas de login para esta conta. Tente novamente em 30 segundos.' },
  throttledAddress: { status: 429, code: 'login_throttled_address', message: 'Muitas tentativas de login deste endereço. Tente novamente mais tarde.' },
} as const;

export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  tag: 'Autenticação',
  summary: 'Cria uma conta (usuário comum) e abre a sessão',
  description: 'Envia o link de confirmação do e-mail. Limitado a 10 por minuto por endereço.',
  auth: 'public',
  body: RegisterBody,
  responses: { 201: SessionAnswer },
  errors: [AuthErrors.emailTaken, AuthErrors.busy],
  examples: authExamples.register,
});

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  tag: 'Autenticação',
  summary: 'Entra com e-mail e senha',
  description: 'E-mail desconhecido e senha errada têm a mesma resposta. Falhas seguidas bloqueiam a conta e o endereço por um tempo.',
  auth: 'public',
  body: LoginBody,
  responses: { 200: SessionAnswer },
  errors: [AuthErrors.badCredentials, AuthErrors.throttled, AuthErrors.throttledAddress, AuthErrors.busy],
  examples: authExamples.login,
});

export const refresh = endpoint({
  method: 'POST',
  path: '/api/auth/refresh',
  tag: 'Autenticação',
  summary: 'Renova a sessão com o refresh token (que é trocado a cada uso)',
  auth: 'public',
  body: RefreshBody,
  responses: { 200: SessionAnswer },
  errors: [AuthErrors.badRefresh],
  examples: authExamples.refresh,
});

export const currentSession = endpoint({
  method: 'GET',
  path: '/api/auth/session',
  tag: 'Autenticação',
  summary: 'A sessão atual: o token apresentado e a conta',
  auth: 'bearer',
  responses: { 200: CurrentSession },
  errors: [AuthErrors.badSession],
  examples: authExamples.currentSession,
});

export const signout = endpoint({
  method: 'POST',
  path: '/api/auth/signout',
  tag: 'Autenticação',
  summary: 'Sai: encerra todas as sessões da conta, em todos os dispositivos',
  auth: 'bearer',
  responses: { 204: null },
  errors: [],
});

export const updatePhone = endpoint({
  method: 'PUT',
  path: '/api/auth/update-phone',
  tag: 'Autenticação',
  summary: 'Troca o telefone da conta',
  auth: 'bearer',
  body: UpdatePhoneBody,
  responses: { 200: UserAnswer },
  errors: [AuthErrors.badSession],
  examples: authExamples.updatePhone,
});

export const authEndpoints = { register, login, refresh, currentSession, signout, updatePhone };

/** Kept for z.infer users that only need the body's input type. */
export type RegisterInput = z.input<typeof RegisterBody>;
