import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';
import { sizeBudget } from './scripts/size-budget.js';

/** A feature's public face: re-exports only, so importing it runs nothing. */
const FEATURE_FACE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

// The web app builds into web/dist, which the API process serves. In development `vite` proxies
// the API and Socket.IO to `npm start` on port 3000.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress(), sizeBudget()],
  // The contract (../contract) is shared with the API: the web imports its types, never its schemas.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@contract': fileURLToPath(new URL('../contract', import.meta.url)) } },
  // No source maps: served beside the bundle they would publish the whole of web/src. The manifest
  // (dist/.vite/manifest.json, never served: dot folders are skipped) lets the size budget
  // (scripts/size-budget.ts) follow what / loads; the build fails when it is over budget.
  //
  // A feature's face (features/<name>/index.ts, docs/architecture.md) only re-exports. Told so,
  // the bundler links each import to the module behind the face: without it, a page importing
  // useAuth through the face pulled the session and the router out of the entry into chunks of
  // their own, and the first load of / grew by 1.4 KB.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (FEATURE_FACE.test(id) ? false : undefined) },
      // Fewer, larger files for a first visit (issue 31): a phone on HTTP/1.1 fetches 6 at a time,
      // and each answer carries ~1.5 KB of headers, so 16 small chunks behind index.html and one per
      // icon behind a page cost round trips, not bytes. What index.html needs becomes one chunk;
      // the icons the pages use (~10 KB gzip) another, shared by every page.
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
