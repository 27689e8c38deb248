import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints.js';
import { contractShapes, findShapeCopies, shapeCopiesIn } from '../contract/web-shape-copies.js';

// The web derives every API type from contract/ (issue 25): no hand-written copy of an answer or
// a request body may come back under web/src. `npm run check:web-types` prints the same list.

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('API shapes in the web', () => {
  it('web/src writes none of the contract’s shapes by hand', () => {
    const copies = findShapeCopies(`${root}web/src`, allEndpoints, root);
    expect(copies.map((c) => `${c.file}:${c.line} ${c.name} copies ${c.matches}`)).toEqual([]);
  });

  it('flags a hand-written copy of a Hub, and not a type derived from the contract', () => {
    const files = new Map([
      ['web/src/fixture/copied.ts', 'export interface MyHub { id: string; name: string; zipcode: string; city: string; private: boolean }'],
      ['web/src/fixture/derived.ts', "import type { HubSummaryView } from '@contract/hubs/hub-schemas';\nexport type MyHub = HubSummaryView;"],
      ['web/src/fixture/ui.ts', 'export interface CardProps { title: string; onClose: () => void; open: boolean }'],
    ]);
    const copies = shapeCopiesIn(files, contractShapes(allEndpoints));
    expect(copies.map((c) => `${c.file} ${c.name}`)).toEqual(['web/src/fixture/copied.ts MyHub']);
  });
});
