import type { PoolClient } from 'pg';
import type { PartnerEvent } from '../../domain/partners/partner-events.js';
import { PARTNER_EVENT_TYPES } from '../../domain/partners/partner-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';

// rm_partners, rm_partner_users, rm_partner_hubs, rm_partner_tokens (migration 0031) and
// rm_partner_sandbox_tokens (migration 0035) from the
// partner events, plus HubRemoved (a removed Hub leaves every partner at once). A removed partner's
// rows go with it, so its token stops working with it.

const DETAIL_COLUMNS = [
  'name',
  'email',
  'phone',
  'cnpj',
  'company_name',
  'trading_name',
  'address',
  'address_number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'postal_code',
  'is_active',
] as const;

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (stored.type === 'HubRemoved') {
    await client.query('DELETE FROM rm_partner_hubs WHERE hub_id = $1', [(stored.data as { hubId: string }).hubId]);
    return;
  }
  if (!PARTNER_EVENT_TYPES.has(stored.type)) return;
  const event = { type: stored.type, data: stored.data } as PartnerEvent;
  const at = eventTime(stored);
  const id = event.data.partnerId;
  switch (event.type) {
    case 'PartnerRegistered':
    case 'PartnerChanged': {
      const d = event.data.details;
      const values = [
        d.name,
        d.email,
        d.phone,
        d.cnpj,
        d.companyName,
        d.tradingName,
        d.address,
        d.addressNumber,
        d.complement,
        d.neighborhood,
        d.city,
        d.state,
        d.postalCode,
        d.isActive,
      ];
      const sets = DETAIL_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
      await client.query(
        `INSERT INTO rm_partners (id, ${DETAIL_COLUMNS.join(', ')}, created_at, updated_at)
         VALUES ($1, ${DETAIL_COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}, $16, $16)
         ON CONFLICT (id) DO UPDATE SET ${sets}, updated_at = EXCLUDED.updated_at`,
        [id, ...values, at],
      );
      return;
    }
    case 'PartnerRemoved':
      // No foreign keys (a rebuild truncates each table alone): the rows go one table at a time.
      for (const table of ['rm_partner_tokens', 'rm_partner_sandbox_tokens', 'rm_partner_users', 'rm_partner_hubs'])
        await client.query(`DELETE FROM ${table} WHERE partner_id = $1`, [id]);
      await client.query('DELETE FROM rm_partners WHERE id = $1', [id]);
      return;
    case 'PartnerUserAdded':
      await client.query('INSERT INTO rm_partner_users (partner_id, user_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        id,
        event.data.userId,
        at,
      ]);
      return;
    case 'PartnerUserRemoved':
      await client.query('DELETE FROM rm_partner_users WHERE partner_id = $1 AND user_id = $2', [id, event.data.userId]);
      return;
    case 'PartnerHubAdded':
      await client.query('INSERT INTO rm_partner_hubs (partner_id, hub_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, event.data.hubId, at]);
      return;
    case 'PartnerHubRemoved':
      await client.query('DELETE FROM rm_partner_hubs WHERE partner_id = $1 AND hub_id = $2', [id, event.data.hubId]);
      return;
    case 'PartnerTokenIssued':
    case 'PartnerSandboxTokenIssued': {
      // The same row shape for both kinds; each kind is replaced on its own.
      const table = event.type === 'PartnerTokenIssued' ? 'rm_partner_tokens' : 'rm_partner_sandbox_tokens';
      await client.query(
        `INSERT INTO ${table} (partner_id, token_id, token_hash, hint, issued_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (partner_id) DO UPDATE SET token_id = EXCLUDED.token_id, token_hash = EXCLUDED.token_hash, hint = EXCLUDED.hint, issued_at = EXCLUDED.issued_at`,
        [id, event.data.tokenId, event.data.tokenHash, event.data.hint, at],
      );
      return;
    }
  }
}

export const partnersProjector: Projector = {
  name: 'partners',
  tables: ['rm_partners', 'rm_partner_users', 'rm_partner_hubs', 'rm_partner_tokens', 'rm_partner_sandbox_tokens'],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => PARTNER_EVENT_TYPES.has(event.type) || event.type === 'HubRemoved',
};
