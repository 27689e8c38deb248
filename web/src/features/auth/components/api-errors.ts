import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * The form field a server error is about, with the message to show under it: a 400 names it in
 * details.field (message in details.issues), a 409 'email_taken' is about the e-mail.
 */
export function fieldErrorOf<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'email_taken' && (fields as readonly string[]).includes('email')) {
    return { field: 'email' as F, message: error.message };
  }
  const field = error.details?.field;
  if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) return null;
  const issues = error.details?.issues;
  const first = Array.isArray(issues) ? (issues as { path?: unknown; message?: unknown }[]).find((i) => i?.path === field) : undefined;
  return { field: field as F, message: typeof first?.message === 'string' && first.message ? first.message : error.message };
}

/** 'Falha no login: {reason}' — the server already words it that way for bad credentials. */
export function loginFailureMessage(error: unknown): string {
  const message = errorMessage(error, 'Verifique suas credenciais');
  return message.startsWith('Falha no login') ? message : `Falha no login: ${message}`;
}
