// First-load JavaScript of / from the built web app (run `npm run build` first): the size
// budget's own measure, so the bench and the build agree.
import { fileURLToPath } from 'node:url';
import { measureFirstLoad } from '../../web/scripts/size-budget.js';

export async function firstLoadOfHome(): Promise<{ gzipBytes: number; files: string[] }> {
  const load = await measureFirstLoad(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  return { gzipBytes: load.gzipBytes, files: load.files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`) };
}
