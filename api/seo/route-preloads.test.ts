import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDING_ROUTES, routePreloads, type ViteManifest } from './route-preloads.js';

// A manifest shaped like Vite's: the entry imports React's chunk; the home page shares a UI chunk
// with sign-in and imports React too; the map is a dynamic import (never preloaded).
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_ui-U.js': { file: 'assets/ui-U.js', imports: ['_react-R.js'] },
  'src/features/hubs/pages/home-page.tsx': { file: 'assets/home-page-H.js', imports: ['_ui-U.js', '_react-R.js'] },
  'src/features/auth/pages/login-page.tsx': { file: 'assets/login-page-L.js', imports: ['_ui-U.js'] },
  'src/features/hubs/components/home/google-map.tsx': { file: 'assets/google-map-G.js' },
};

const modules = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
const reads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

describe('routePreloads', () => {
  const preloads = routePreloads(manifest);

  it("names a landing page's chunk and its static imports, not what index.html already loads", () => {
    expect(modules(preloads('/'))).toEqual(['/assets/home-page-H.js', '/assets/ui-U.js']);
    expect(modules(preloads('/login'))).toEqual(['/assets/login-page-L.js', '/assets/ui-U.js']);
    expect(preloads('/')).not.toContain('google-map');
  });

  it("names the visitor's first read: the Hubs on /, the Hub on its page, nothing on sign-in", () => {
    expect(reads(preloads('/'))).toEqual(['/api/hubs']);
    expect(reads(preloads('/hubs/BH-01'))).toEqual(['/api/hubs/BH-01']);
    expect(reads(preloads('/hubs/bh-01/'))).toEqual(['/api/hubs/bh-01']);
    expect(reads(preloads('/login'))).toEqual([]);
    // An id the web app would percent-encode differently gets no read hint.
    expect(reads(preloads('/hubs/a%20b'))).toEqual([]);
    expect(reads(preloads('/hubs/"><script>'))).toEqual([]);
  });

  it('with a Maps key, names no whole list on / (the page asks for areas), and the Hub page still gets its read', () => {
    const withKey = routePreloads(manifest, { mapsKey: true });
    expect(reads(withKey('/'))).toEqual([]);
    expect(modules(withKey('/'))).toEqual(['/assets/home-page-H.js', '/assets/ui-U.js']);
    expect(reads(withKey('/hubs/BH-01'))).toEqual(['/api/hubs/BH-01']);
  });

  it('gives other pages no hint, and a page whose module the build lacks only its read', () => {
    expect(preloads('/profile')).toBe('');
    expect(preloads('/login/extra')).toBe('');
    expect(modules(preloads('/hubs/BH-01'))).toEqual([]);
    const withHubPage = routePreloads({ ...manifest, 'src/features/hubs/pages/hub-detail-page.tsx': { file: 'assets/hub-detail-page-D.js' } });
    expect(modules(withHubPage('/hubs/BH-01'))).toEqual(['/assets/hub-detail-page-D.js']);
  });

  it('names modules that exist in the web app', () => {
    for (const { module } of LANDING_ROUTES) expect(existsSync(new URL(`../../web/${module}`, import.meta.url)), module).toBe(true);
  });
});
