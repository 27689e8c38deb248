// docs/webhooks.md's signature verification function, taken from the document itself (not a
// copy), so a test that checks deliveries with it checks the documentation too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';

export type Verify = (secret: string, rawBody: string, header: string, nowMs?: number) => boolean;

export function documentedVerify(): Verify {
  const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code?.includes('export function verifyHubSignature')) throw new Error('docs/webhooks.md lost its verification example');
  // The example's import becomes the sandbox's globals; its export a plain function.
  const body = code.replace(/^import .*$/m, '').replace('export function', 'function');
  return new Script(`${body}\nverifyHubSignature;`).runInNewContext({ createHmac, timingSafeEqual, Buffer }) as Verify;
}
