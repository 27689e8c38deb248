// Rule violations are typed errors with a stable code and the pt-BR message users see.
// `kind` lets the edge pick a status (invalid → 400, not_found → 404, conflict → 409,
// forbidden → 403) without the domain knowing about HTTP.
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** Facts a client can act on (e.g. when a refused action becomes possible), sent as `details`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) => new DomainError('conflict', code, message, details);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
