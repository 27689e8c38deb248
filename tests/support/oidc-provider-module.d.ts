// oidc-provider ships no types; this declares the little of it the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Interaction = { uid: string };
  type InteractionDetails = {
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  };
  type Account = { accountId: string; claims(): Record<string, unknown> };
  type Configuration = {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    interactions?: { url(ctx: unknown, interaction: Interaction): string };
    findAccount?(ctx: unknown, sub: string): Account | undefined | Promise<Account | undefined>;
  };
  class Grant {
    constructor(input: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
