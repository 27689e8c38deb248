import { badRequest } from '../../http/errors.js';
import type { SocialSettings } from '../../../infra/oidc/settings.js';

export const REDIRECT_NOT_ALLOWED = 'Endereço de retorno não permitido.';

/**
 * The redirectUrl a sign-in may return to: an absolute http(s) URL on the web app's origin
 * (APP_URL, else the address the API listens on; never the request's Host) or one of
 * CORS_ORIGINS. Anything else would turn the API into an open redirector handing sign-in codes to
 * another site. The fragment is dropped: ours goes there.
 */
export function allowedRedirectUrl(value: unknown, settings: SocialSettings): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 2000) {
    throw badRequest('redirect_url_required', 'Informe o endereço de retorno (redirectUrl).');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest('redirect_url_not_allowed', REDIRECT_NOT_ALLOWED);
  }
  const origins = new Set([settings.appUrl, ...settings.extraOrigins]);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !origins.has(url.origin)) {
    throw badRequest('redirect_url_not_allowed', REDIRECT_NOT_ALLOWED);
  }
  url.hash = '';
  return url.toString();
}
