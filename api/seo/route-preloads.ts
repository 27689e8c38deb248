// The first screens a visitor lands on (/, a Hub's page, sign-in) are lazy chunks that then ask the
// API for their data: without hints a phone learns of each only after the step before it, one
// round trip after another. The page's HTML names them up front, so they download alongside the
// entry script: the screen's chunks and their stylesheets (<link rel="modulepreload">, <link
// rel="preload" as="style">, read from Vite's manifest) and the
// visitor's first read (<link rel="preload" as="fetch">). A signed-in visitor's read carries a
// token, so it does not match the preload and is fetched as before (the preload goes unused).

/** Vite's manifest (web/dist/.vite/manifest.json), as far as preloading reads it. */
export type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** What of the site's configuration decides a page's first read. */
export interface PreloadSite {
  /** GOOGLE_MAPS_API_KEY is set: the home page asks for Hubs by area, not for the whole list. */
  mapsKey: boolean;
}

export interface LandingRoute {
  pattern: RegExp;
  /** The page's module, as the manifest names it (relative to web/). */
  module: string;
  /** The API read the page makes first for a visitor, from the path's match; exactly as the web app requests it. */
  data?: (match: RegExpExecArray, site: PreloadSite) => string | null;
}

// Only plain ids: the web app requests encodeURIComponent(id), which is the segment itself for these.
const PLAIN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Pages that are often the first of a visit, and what each one needs first. */
export const LANDING_ROUTES: readonly LandingRoute[] = [
  // With a Maps key the page asks for areas (api/hubs/hub-viewport.ts), and a preloaded whole list
  // would only be bytes a phone never uses; without one its no-key panel lists every Hub.
  { pattern: /^\/$/, module: 'src/features/hubs/pages/home-page.tsx', data: (_match, site) => (site.mapsKey ? null : '/api/hubs') },
  {
    pattern: /^\/hubs\/([^/]+)\/?$/,
    module: 'src/features/hubs/pages/hub-detail-page.tsx',
    data: (match) => (PLAIN_ID.test(match[1] ?? '') ? `/api/hubs/${match[1]}` : null),
  },
  { pattern: /^\/login\/?$/, module: 'src/features/auth/pages/login-page.tsx' },
  { pattern: /^\/register\/?$/, module: 'src/features/auth/pages/register-page.tsx' },
];

/**
 * The files a module needs before it runs: its chunk and, recursively, its static imports, with
 * the stylesheets of each (Vite loads those before it runs the chunk).
 */
function chunkClosure(manifest: ViteManifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    files.push(chunk.file, ...(chunk.css ?? []));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return files;
}

// crossorigin on both, as Vite's loader requests them, so its requests find the preloaded files.
const hint = (file: string) =>
  file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${file}" />` : `<link rel="modulepreload" crossorigin href="/${file}" />`;

/**
 * A function from a page's path to its hint tags ('' for other pages). Files index.html already
 * loads (the entry and its imports) are left out; a module missing from the manifest (renamed,
 * say) only loses its hint.
 */
export function routePreloads(
  manifest: ViteManifest,
  site: PreloadSite = { mapsKey: false },
  routes: readonly LandingRoute[] = LANDING_ROUTES,
): (path: string) => string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = new Set(entries.flatMap((key) => chunkClosure(manifest, key)));
  const compiled = routes.map(({ pattern, module, data }) => ({
    pattern,
    data,
    chunks: chunkClosure(manifest, module)
      .filter((file) => !loaded.has(file) && /\.(?:js|css)$/.test(file))
      .map(hint),
  }));
  return (path) => {
    for (const { pattern, data, chunks } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      const read = data?.(match, site);
      // The read first: it is the longest wait (the server's answer), the chunks come from cache or disk.
      return [...(read ? [`<link rel="preload" as="fetch" crossorigin href="${read}" />`] : []), ...chunks].join('\n    ');
    }
    return '';
  };
}
