import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { decidePartner } from '../../commands/partner-commands.js';
import type { PartnerTokenKind } from '../../commands/partner-token.js';
import { newPartnerToken } from '../../commands/partner-token.js';
import { showPartnerWrite } from './partner-write-wait.js';

// Issuing a partner's live or sandbox token, the one path of the admin's partner page, the
// partner's own 'Integração' page and POST /api/partner/v1/sandbox-token: a fresh secret, its hash
// in the event, and the answer only once the token table has it, so the old token of that kind is
// already refused by every API process (the other kind is untouched).

export async function issuePartnerToken(
  deps: Pick<CommandDeps, 'store' | 'awaitProjections' | 'log'>,
  partnerId: string,
  kind: PartnerTokenKind,
  by: string,
  ctx: CommandContext,
): Promise<string> {
  const { token, tokenHash, hint } = newPartnerToken(kind);
  const type = kind === 'live' ? 'IssuePartnerToken' : 'IssuePartnerSandboxToken';
  const result = await decidePartner(deps, { type, partnerId, tokenId: randomUUID(), tokenHash, hint, by, at: ctx.now.toISOString() }, ctx);
  await showPartnerWrite(deps, result.position);
  return token;
}
