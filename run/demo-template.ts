// What a new embedded DATA_DIR starts from under `npm start`: besides the schema, the demo
// accounts and Hubs, and every read model caught up with them. Seeding and projecting them cost
// the first start of every new folder about half a second (its first health check waited behind
// the projections), though they come out the same each time; now they are made once, when the
// template is, and copied with it. They
// depend on this code, so the template is kept per version of the server's sources (start.mjs
// hashes them into HUB_SOURCES_KEY); without that key the template holds the schema only.
// Nothing here is secret: demo accounts carry the published passwords' hashes, and a server
// reachable from the network replaces those on start (seedDemoData's madePasswords).
import type { TemplateContents } from '../infra/db/embedded-template.js';
import { EMBEDDED_POOL_MAX } from '../infra/db/embedded.js';

export function demoTemplate(sourcesKey: string | undefined): TemplateContents | undefined {
  if (!sourcesKey) return undefined;
  return {
    key: `demo data and read models of sources ${sourcesKey}`,
    async fill(url) {
      const [{ openRuntime }, { seedDemoData }, { catchUp }, { activeProjectors }] = await Promise.all([
        import('../infra/runtime.js'),
        import('../api/seed/seed.js'),
        import('../projections/runner.js'),
        import('../projections/all.js'),
      ]);
      const runtime = await openRuntime(url, EMBEDDED_POOL_MAX);
      try {
        await seedDemoData(runtime.db, runtime.store, { madePasswords: false });
        for (const projector of activeProjectors()) await catchUp(runtime.db, runtime.store, projector);
      } finally {
        await runtime.close();
      }
    },
  };
}
