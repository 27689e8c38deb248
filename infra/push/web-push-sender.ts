// Sends Web Push messages (RFC 8030, payload encrypted per RFC 8291, VAPID per RFC 8292) with the
// `web-push` package. A push service answering 404 or 410 says the subscription is gone for
// good: the caller deletes it. Any other failure is thrown (the reminder logs it).
import { lookup } from 'node:dns/promises';
import type { Agent } from 'node:https';
import { isInternalAddress, isInternalHost } from '../../domain/webhooks/internal-address.js';
import webpush from 'web-push';
import type { VapidKeys } from './vapid.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** 'sent', or 'gone' when the push service no longer knows the subscription. */
  send(target: PushTarget, payload: string): Promise<'sent' | 'gone'>;
}

const TTL_SECONDS = 60 * 60; // a reminder an hour late is no reminder

/** Whether the host is, or any address it resolves to is, on this machine or a private network. */
async function reachesInside(hostname: string): Promise<boolean> {
  if (isInternalHost(hostname)) return true;
  const addresses = await lookup(hostname, { all: true }).catch(() => []);
  return addresses.some((a) => isInternalAddress(a.address));
}

/**
 * `agent`: only for tests, whose stand-in push service has a certificate of their own;
 * `allowLoopback`: only for tests and development (the API refuses such endpoints elsewhere too).
 * An endpoint whose name now resolves inside is treated as gone, as webhooks refuse it per send.
 */
export function createPushSender(keys: VapidKeys, opts: { timeoutMs?: number; agent?: Agent; allowLoopback?: boolean } = {}): PushSender {
  return {
    async send(target, payload) {
      if (!opts.allowLoopback && (await reachesInside(new URL(target.endpoint).hostname.replace(/^\[|\]$/g, '')))) return 'gone';
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}
