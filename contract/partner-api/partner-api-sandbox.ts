import { z } from 'zod';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { SANDBOX_TOKEN_EXAMPLE } from '../partners/partner-examples.js';
import { idempotencyErrors } from '../shared/idempotency-key.js';
import { idempotencyKeyRequired, partnerCallerErrors, partnerIdempotencyKeyHeader } from './partner-api-errors.js';

// The partner sandbox (issue 27 item 5, docs/sandbox.md): a partner gets a sandbox token with its
// live one. Calls made with it answer the same contract on simulated Hubs only (TESTE-01,
// TESTE-02), with `"sandbox": true` in the body and the header `Hub-Sandbox: true`.

export const SandboxApiMessages = {
  liveTokenRequired: 'Use o token de produção para gerar o token de teste.',
  webhooksLiveOnly: 'Os webhooks são configurados com o token de produção: o token de teste não os lê nem os altera.',
} as const;

export const liveTokenRequired: ErrorCase = { status: 403, code: 'live_token_required', message: SandboxApiMessages.liveTokenRequired };
/** The webhook routes answer live tokens only: a test token must not change where real events go. */
export const webhooksLiveOnly: ErrorCase = { status: 403, code: 'live_token_required', message: SandboxApiMessages.webhooksLiveOnly };

/** The header every sandbox answer carries. */
export const SANDBOX_HEADER = 'Hub-Sandbox';

export const SandboxToken = z.object({
  token: z.string().meta({ description: 'O token de teste (`hubp_test_…`), mostrado só nesta resposta.' }),
  hint: z.string(),
  sandbox: z.literal(true),
});

export const issueSandboxToken = endpoint({
  method: 'POST',
  path: '/api/partner/v1/sandbox-token',
  tag: 'API de parceiros',
  summary: 'Gera (ou regenera) o token de teste do parceiro, com o token de produção',
  description:
    'Chamadas com o token de teste rodam só nos Hubs de teste TESTE-01 e TESTE-02: nenhum estoque real, nenhum dinheiro; cada resposta traz `"sandbox": true` e o cabeçalho `Hub-Sandbox: true`. Regenerar revoga o token de teste anterior na hora; o de produção não muda. Exige Idempotency-Key.',
  auth: 'partner',
  headers: partnerIdempotencyKeyHeader,
  responses: { 201: SandboxToken },
  errors: [...partnerCallerErrors, liveTokenRequired, idempotencyKeyRequired, ...idempotencyErrors],
  examples: { response: { token: SANDBOX_TOKEN_EXAMPLE, hint: SANDBOX_TOKEN_EXAMPLE.slice(-4), sandbox: true } },
});

export const partnerSandboxEndpoints = { issueSandboxToken };
