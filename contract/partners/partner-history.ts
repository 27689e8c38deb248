import { z } from 'zod';
import { PARTNER_HISTORY_KINDS } from '../../domain/partners/partner-history.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// A partner's own history (GET /api/partners/{id}/history): what was done to the partner, its
// users, Hubs, tokens and webhooks, and by whom, newest first. A token or a secret never appears:
// only that one was generated.

export const PartnerHistoryEntry = z.object({
  /** The event's id. */
  id: z.string(),
  at: z.iso.datetime(),
  kind: z.enum(PARTNER_HISTORY_KINDS),
  actor: z.object({
    id: z.string(),
    /** The account's name, 'Usuário removido' (erased), 'API de parceiros'; null for the workers and the system. */
    name: z.string().nullable(),
    role: z.string(),
  }),
  description: z.string(),
});

export type PartnerHistoryEntryView = z.infer<typeof PartnerHistoryEntry>;

const admin = { id: EXAMPLE_IDS.admin, name: 'Maria Silva', role: 'admin' };
const partnerApi = { id: '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08', name: 'API de parceiros', role: 'partner_api' };
const at = (minute: number) => `2026-11-27T14:${String(minute).padStart(2, '0')}:00.000Z`;

export const partnerHistoryExample: PartnerHistoryEntryView[] = [
  {
    id: 'f0c1d2e3-0007-4a00-8000-000000000007',
    at: at(9),
    kind: 'webhook_paused',
    actor: { id: 'worker', name: null, role: 'worker' },
    description: 'Webhook https://aurora.example/hub pausado após falhas',
  },
  {
    id: 'f0c1d2e3-0006-4a00-8000-000000000006',
    at: at(7),
    kind: 'webhook_registered',
    actor: partnerApi,
    description: 'Webhook https://aurora.example/hub cadastrado',
  },
  { id: 'f0c1d2e3-0005-4a00-8000-000000000005', at: at(6), kind: 'sandbox_token_issued', actor: admin, description: 'Token de teste gerado' },
  { id: 'f0c1d2e3-0004-4a00-8000-000000000004', at: at(5), kind: 'token_issued', actor: admin, description: 'Token de API gerado' },
  { id: 'f0c1d2e3-0003-4a00-8000-000000000003', at: at(2), kind: 'user_added', actor: admin, description: 'Usuário Carlos Lima adicionado' },
  { id: 'f0c1d2e3-0002-4a00-8000-000000000002', at: at(1), kind: 'hub_added', actor: admin, description: 'Hub SP-01 adicionado' },
  { id: 'f0c1d2e3-0001-4a00-8000-000000000001', at: at(0), kind: 'partner_registered', actor: admin, description: 'Parceiro cadastrado' },
];
