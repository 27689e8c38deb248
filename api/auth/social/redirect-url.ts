import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';
import type { SocialSettings } from '../../../infra/oidc/settings.js';

export const REDIRECT_NOT_ALLOWED = 'Endereço de retorno não permitido.';

/** The request's own origin: the web app is served by the API unless APP_URL says otherwise. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The web app's origin: APP_URL when set, else this request's own. */
export const appOrigin = (settings: SocialSettings, request: FastifyRequest) => settings.appUrl ?? requestOrigin(request);

/**
 * The redirectUrl a sign-in may return to: an absolute http(s) URL on the web app's own origin
 * (APP_URL, else the API's origin) or one of CORS_ORIGINS. Anything else would turn the API into
 * an open redirector handing sign-in codes to another site. The fragment is dropped: ours goes there.
 */
export function allowedRedirectUrl(value: unknown, settings: SocialSettings, request: FastifyRequest): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 2000) {
    throw badRequest('redirect_url_required', 'Informe o endereço de retorno (redirectUrl).');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest('redirect_url_not_allowed', REDIRECT_NOT_ALLOWED);
  }
  const origins = new Set([appOrigin(settings, request), ...settings.extraOrigins]);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !origins.has(url.origin)) {
    throw badRequest('redirect_url_not_allowed', REDIRECT_NOT_ALLOWED);
  }
  url.hash = '';
  return url.toString();
}
