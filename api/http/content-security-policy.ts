// The Content-Security-Policy of every response: the app's own origin, plus Google Maps (the
// domains Google's Maps JavaScript API CSP guide lists), Socket.IO on this same host and the
// bucket uploaded images are served from, when there is one.
import type { IncomingMessage } from 'node:http';
import { config } from '../../infra/config.js';

const GOOGLE_MAPS = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];

// A Host header is client-supplied: only a plain host[:port] is echoed into the policy.
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** ws:// and wss:// of the host the page was loaded from (older browsers do not count them as 'self'). */
function socketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Uploaded images come from /files on this origin ('self'), or from the S3 bucket's public URL
 * when one is configured: its origin is named, for a bucket on plain http (a local MinIO).
 */
function uploadedImageSources(): string[] {
  try {
    return config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
  } catch {
    return []; // a half-set S3 configuration is reported where the storage is made
  }
}

export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...GOOGLE_MAPS],
  scriptSrcAttr: ["'none'"],
  // Measured in Chromium: the app's libraries (toasts, scroll lock) and Google Maps inject <style>
  // elements at run time, so inline styles are needed. Scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  // Hub photos are arbitrary https URLs or uploads; map tiles and markers come as data:/blob: too.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...uploadedImageSources()],
  fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com', ...GOOGLE_MAPS],
  connectSrc: ["'self'", socketSources, 'data:', 'blob:', ...GOOGLE_MAPS],
  frameSrc: ['https://*.google.com'],
  // The vector map renders in workers built from blob: URLs.
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Not upgrade-insecure-requests: the app is served over plain http on localhost and in tests,
  // where upgrading its own asset requests to https would break it.
  upgradeInsecureRequests: null,
};
