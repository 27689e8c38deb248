import { z } from 'zod';

// The wire shapes of the partner's own dashboard page, 'Integração' (issue 27 item 5): whose
// partner the signed-in user works for, the state of its two tokens (never the tokens), where the
// reference is, and the simulated Hubs its sandbox token books.

export const TokenState = z.object({
  has_token: z.boolean(),
  /** The token's last 4 characters; null without a token. */
  hint: z.string().nullable(),
  issued_at: z.iso.datetime().nullable(),
});

export const SandboxHubSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** Lockers per size with the price per hour in cents. */
  sizes: z.array(z.object({ size: z.enum(['P', 'M', 'G', 'X']), lockers: z.number().int(), price_per_hour: z.number().int() })),
});

export const PortalMe = z.object({
  partner: z.object({ id: z.string(), name: z.string(), company_name: z.string(), trading_name: z.string(), is_active: z.boolean() }),
  live_token: TokenState,
  sandbox_token: TokenState,
  sandbox_hubs: z.array(SandboxHubSummary),
  links: z.object({ api_reference: z.string(), openapi: z.string() }),
});

export const TokenKindBody = z.object({ kind: z.enum(['live', 'sandbox'], "Escolha o token: 'live' ou 'sandbox'.") });

/** The new token, answered this once, and the page's state after it. */
export const PortalToken = z.object({ kind: z.enum(['live', 'sandbox']), token: z.string(), me: PortalMe });

export type PortalMeView = z.infer<typeof PortalMe>;
export type PortalTokenView = z.infer<typeof PortalToken>;
export type TokenKindInput = z.input<typeof TokenKindBody>;
