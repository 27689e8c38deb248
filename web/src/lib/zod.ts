import { z } from 'zod';

// Import z from here, never from 'zod': zod probes for eval with Function('') on its first parse;
// the CSP forbids eval, so the probe is switched off here, before any schema exists. Done here
// rather than in main.tsx, so zod stays out of the first-load bundle (only forms load it).
z.config({ jitless: true });

export { z };
