// A browser as far as social sign-in needs one, without Chromium: the Hub's answers through
// inject (cookies kept), the provider's over real HTTP, redirects followed by hand.
import type { FastifyInstance } from 'fastify';

/** One browser: its cookies (Hub's and the provider's, kept apart by name) and its address. */
export function simulatedBrowser(app: FastifyInstance, appOrigin: string, ip: string) {
  const cookies = new Map<string, string>();
  const keep = (setCookies: string[]) => {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookies,
    async hub(method: 'GET' | 'POST', url: string, payload?: unknown) {
      const res = await app.inject({ method, url, payload: payload as object, remoteAddress: ip, headers: { cookie: header() } });
      const set = res.headers['set-cookie'];
      keep(set === undefined ? [] : Array.isArray(set) ? set : [set]);
      return res;
    },
    /** Follows the provider's redirects until one leads back to the Hub; returns that URL. */
    async atProvider(start: string): Promise<string> {
      const end = await this.walkProvider(start);
      if (!end.location) throw new Error('the provider answered with a form, not a redirect');
      return end.location;
    },
    /** The same walk, for a provider that may come back with a self-submitting form (form_post). */
    async walkProvider(start: string): Promise<{ location?: string; form?: { action: string; fields: Record<string, string> } }> {
      let url = start;
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: header() } });
        keep(res.headers.getSetCookie());
        const location = res.headers.get('location');
        if (!location) {
          const html = await res.text();
          const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
          if (!action) throw new Error(`provider stopped at ${url}: ${res.status} ${html}`);
          const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]));
          return { form: { action, fields } };
        }
        url = new URL(location, url).toString();
        if (url.startsWith(appOrigin)) return { location: url };
      }
      throw new Error('too many redirects at the provider');
    },
  };
}

export type SimulatedBrowser = ReturnType<typeof simulatedBrowser>;
