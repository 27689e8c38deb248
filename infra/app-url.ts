// Where people reach the web app: the origin every mailed link (password recovery, e-mail
// confirmation) and social sign-in's callback and return addresses are built on. It comes from
// configuration only, never from a request's Host or X-Forwarded-Host, which the sender controls:
// a link built on them could be mailed pointing at an attacker's site with a live token in it.

export interface AppUrl {
  /** 'https://hub.example' (no path, no trailing slash). */
  origin: string;
  /** True when APP_URL set it; false when it is the address this process listens on. */
  configured: boolean;
}

/** The address to listen on: HOST, else loopback in embedded mode and every interface with DATABASE_URL. */
export function listenHostFromEnv(env: NodeJS.ProcessEnv): string {
  // Embedded mode is a demo on a laptop: only this machine by default. With DATABASE_URL the
  // process runs on real servers, usually behind a load balancer, so it listens on all interfaces.
  return env.HOST ?? (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
}

/** 'https://app.example/' → 'https://app.example'; undefined for anything that is not an http(s) origin. */
export function originOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** http://{host}:{port} for the address the process listens on; every-interface addresses read as loopback. */
export function listenOrigin(host: string, port: number): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  const reachable = bare === '0.0.0.0' || bare === '' ? '127.0.0.1' : bare === '::' ? '::1' : bare;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * APP_URL's origin; without it, the address this process listens on (HOST, PORT). An APP_URL that
 * is not an http(s) URL stops the start: links silently built on something else would be worse.
 */
export function appUrlFromEnv(env: NodeJS.ProcessEnv): AppUrl {
  const given = env.APP_URL?.trim();
  if (given) {
    const origin = originOf(given);
    if (!origin) throw new Error(`APP_URL must be an http(s) address, e.g. https://hub.example (got "${given}").`);
    return { origin, configured: true };
  }
  return { origin: listenOrigin(listenHostFromEnv(env), Number(env.PORT ?? 3000)), configured: false };
}
