import { isInternalHost } from '../webhooks/internal-address.js';
import { invalid } from '../shared/domain-error.js';

// A Web Push endpoint is the browser's push service (HTTPS, RFC 8030). The workers POST to it, so
// as with webhooks no endpoint may name this machine or a private network, except loopback where
// the caller allows it (tests and development: a local stand-in push service).

export const PushMessages = {
  endpoint: 'Informe o endereço HTTPS da inscrição de notificações do navegador.',
  unavailable: 'As notificações push não estão configuradas neste servidor.',
  notFound: 'Inscrição de notificações não encontrada.',
} as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function checkedPushEndpoint(raw: string, allowLoopback: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('invalid_push_endpoint', PushMessages.endpoint);
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) throw invalid('invalid_push_endpoint', PushMessages.endpoint);
  if (isInternalHost(url.hostname) && !(allowLoopback && LOOPBACK_HOSTS.has(url.hostname))) throw invalid('invalid_push_endpoint', PushMessages.endpoint);
  return url.toString();
}
