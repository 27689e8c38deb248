import { invalid } from '../shared/domain-error.js';
import { isInternalHost } from './internal-address.js';
import { WebhookMessages } from './webhook-messages.js';

// A webhook URL is HTTPS. A loopback URL (127.0.0.1, ::1, localhost) is allowed only where the
// caller says so: development and tests, or WEBHOOKS_ALLOW_LOOPBACK=1 (the flag is passed in).
// Elsewhere no URL may name this machine or a private network (internal-address.ts); names that
// resolve to one are refused again at each send (workers/webhooks/post-webhook.ts).

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function checkedWebhookUrl(raw: string, allowLoopback: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('invalid_webhook_url', WebhookMessages.urlInvalid);
  }
  if (url.username || url.password || !url.hostname) throw invalid('invalid_webhook_url', WebhookMessages.urlInvalid);
  if (!allowLoopback && isInternalHost(url.hostname)) throw invalid('invalid_webhook_url', WebhookMessages.internalAddress);
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return url.toString();
  throw invalid('invalid_webhook_url', WebhookMessages.httpsOnly);
}
