import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { partnerCallerErrors } from './partner-api-errors.js';
import { partnerApiExamples } from './partner-api-examples.js';
import { SandboxFlag } from './partner-api-sandbox-flag.js';

// GET /api/partner/v1/hubs: the partner's own Hubs (those assigned to it on the dashboard) with
// what a booking needs: lockers free per size, now or for a window, and the price per hour in cents.

const SizeOffer = z.object({
  total: z.number().int().meta({ description: 'Lockers ativos deste tamanho.' }),
  available: z.number().int().meta({ description: 'Livres agora (ou em toda a janela pedida).' }),
  price_per_hour: z.number().int().nullable().meta({ description: 'Menor preço por hora deste tamanho, em centavos; null sem lockers.' }),
});

export const PartnerHub = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    private: z.boolean(),
    availability: z.object({ P: SizeOffer, M: SizeOffer, G: SizeOffer, X: SizeOffer }),
  })
  .meta({ id: 'PartnerHub' });

export const PartnerHubList = z.object({
  data: z.array(PartnerHub),
  window: z
    .object({ start_time: z.iso.datetime(), end_time: z.iso.datetime() })
    .nullable()
    .meta({ description: 'A janela usada para `available`; null: agora.' }),
  sandbox: SandboxFlag,
});

const windowEdge = (message: string) => z.iso.datetime({ offset: true, message }).optional();

export const PartnerHubsQuery = z
  .object({
    start_time: windowEdge('Data/hora inicial inválida (ISO 8601)').meta({ description: 'Início da janela (com end_time).' }),
    end_time: windowEdge('Data/hora final inválida (ISO 8601)').meta({ description: 'Fim da janela (com start_time).' }),
  })
  .refine((q) => (q.start_time === undefined) === (q.end_time === undefined), {
    message: 'Informe start_time e end_time juntos.',
    path: ['end_time'],
  })
  .refine((q) => q.start_time === undefined || q.end_time === undefined || Date.parse(q.end_time) > Date.parse(q.start_time), {
    message: 'O horário de término deve ser após o início.',
    path: ['end_time'],
  });

export const listPartnerHubs = endpoint({
  method: 'GET',
  path: '/api/partner/v1/hubs',
  tag: 'API de parceiros',
  summary: 'Os Hubs do parceiro, com disponibilidade e preço por tamanho',
  description:
    'Só os Hubs atribuídos ao parceiro (privados ou não). `available` conta os lockers ativos livres agora, ou livres em toda a janela `start_time`–`end_time` quando ela vem.',
  auth: 'partner',
  query: PartnerHubsQuery,
  responses: { 200: PartnerHubList },
  errors: [...partnerCallerErrors, { status: 400, code: 'validation_error', message: 'Informe start_time e end_time juntos.' }],
  examples: partnerApiExamples.listHubs,
});

export type PartnerHubView = z.infer<typeof PartnerHub>;
export type PartnerHubListView = z.infer<typeof PartnerHubList>;
export type PartnerHubsQueryValue = z.output<typeof PartnerHubsQuery>;
