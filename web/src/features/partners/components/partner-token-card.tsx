import { useGenerateSandboxToken, useGenerateToken } from '../api/partners-api';
import type { Partner } from '../types';
import { SANDBOX_TOKEN_TEXT } from './sandbox-token-text';
import { LIVE_TOKEN_TEXT, TokenCard } from './token-card';

/** The admin's partner page: the API token card (regenerating revokes the old one). */
export function PartnerTokenCard({ partner }: { partner: Partner }) {
  const generate = useGenerateToken();
  return (
    <TokenCard
      text={LIVE_TOKEN_TEXT}
      state={{ hasToken: partner.has_token, hint: partner.token_hint, issuedAt: partner.token_issued_at }}
      onGenerate={async () => (await generate.mutateAsync(partner.id)).token}
      pending={generate.isPending}
    />
  );
}

/** The admin's partner page: the sandbox token card, beside the live one. */
export function PartnerSandboxTokenCard({ partner }: { partner: Partner }) {
  const generate = useGenerateSandboxToken();
  return (
    <TokenCard
      text={SANDBOX_TOKEN_TEXT}
      state={{ hasToken: partner.has_sandbox_token, hint: partner.sandbox_token_hint, issuedAt: partner.sandbox_token_issued_at }}
      onGenerate={async () => (await generate.mutateAsync(partner.id)).token}
      pending={generate.isPending}
    />
  );
}
