import { z } from 'zod';

// `"sandbox": true` in every answer of a sandbox token (issue 27 item 5, docs/sandbox.md); absent
// from live answers. A leaf module: the shared partner-API schemas add it as one optional field.
export const SandboxFlag = z
  .literal(true)
  .optional()
  .meta({ description: 'Presente (true) só nas respostas de um token de teste: a chamada rodou nos Hubs de teste, nada é real.' });
