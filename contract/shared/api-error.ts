// A refusal as both sides hold it: the status and the body's { code, message, details } (spec §7
// "Responses"). The server throws it and its error handler answers it; the web's client turns every
// failed call into one, so screens read the same fields the server wrote.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
