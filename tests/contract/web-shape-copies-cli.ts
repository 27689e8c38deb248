// `npm run check:web-types`: lists types under web/src that copy an API shape by hand (exit 1).
import { fileURLToPath } from 'node:url';
import { allEndpoints } from '../../contract/endpoints.js';
import { findShapeCopies } from './web-shape-copies.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copies = findShapeCopies(`${root}web/src`, allEndpoints, root);
for (const c of copies) console.log(`${c.file}:${c.line} ${c.name} {${c.fields.join(', ')}} copies ${c.matches}`);
console.log(copies.length ? `${copies.length} hand-written API shapes in web/src: derive them from contract/.` : 'No hand-written API shapes in web/src.');
process.exitCode = copies.length ? 1 : 0;
