import { endpoint } from '../endpoint.js';
import type { ErrorCase } from '../endpoint.js';
import { OtpHubParams } from '../logistics/logistics-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';
import { ControllerMessages } from './controller-endpoints.js';
import { ControllerEventsAnswer, ControllerEventsBody, Manifest } from './controller-sync.js';
import type { ManifestView } from './controller-sync.js';

// The two calls that keep a Hub's doors working offline (issue 29, ADR 0025, docs/controller.md):
// the signed manifest the controller syncs, and the batch of what it did (door states,
// heartbeats, attempts decided offline). Both signed as ADR 0008.

const signatureRefusals: ErrorCase[] = [
  { status: 404, code: 'not_found', message: ControllerMessages.hubNotFound },
  { status: 401, code: 'missing_timestamp', message: 'Informe o cabeçalho X-Hub-Timestamp (segundos Unix).' },
  { status: 401, code: 'stale_timestamp', message: 'Horário da requisição fora da janela de 60 segundos.' },
  { status: 401, code: 'missing_signature', message: 'Informe o cabeçalho X-Hub-Signature (sha256=<hex>).' },
  { status: 401, code: 'bad_signature', message: 'Assinatura inválida.' },
  { status: 401, code: 'replayed', message: 'Requisição repetida: assine de novo com um novo horário.' },
  { status: 503, code: 'unavailable', message: ControllerMessages.unavailable },
];

const signedHeaders = {
  'X-Hub-Timestamp': { description: 'Segundos Unix do momento da assinatura.', required: true },
  'X-Hub-Signature': { description: 'sha256=<64 hex> sobre MÉTODO \\n CAMINHO \\n TIMESTAMP \\n CORPO.', required: true },
};

const exampleManifest: ManifestView = {
  hub_id: 'SP-01',
  issued_at: '2026-11-27T14:00:00.000Z',
  valid_until: '2026-11-28T14:00:00.000Z',
  sync_every_ms: 60_000,
  heartbeat_every_ms: 30_000,
  entries: [
    {
      reservation_id: EXAMPLE_IDS.reservation,
      kind: 'access',
      locker_id: EXAMPLE_IDS.lockerM,
      locker_order: 2,
      locker_interface: 'LK-31:02',
      opens_from: '2026-11-27T14:00:00.000Z',
      opens_until: '2026-11-27T16:00:00.000Z',
      code_key: 'q4xNf0u1Xk2w9yRzJtQe7bVhL3mPcA8sD6gUoIiYrWE',
      next_index: 3,
      latest_issued_at: '2026-11-27T13:55:00.000Z',
      rotation_ms: 300_000,
    },
  ],
};

export const getControllerManifest = endpoint({
  method: 'GET',
  path: '/api/controller/{hubId}/manifest',
  tag: 'Controlador de portas',
  summary: 'O manifesto assinado com que o controlador abre as portas sem conexão (24 h)',
  description:
    'Assinado como a validação (GET: corpo vazio). Uma entrada por reserva paga cuja janela do código cruza as próximas 24 h (chave de códigos da reserva, próximo índice, rotação) e uma por item aguardando coleta. A resposta vem assinada: X-Hub-Manifest-Signature: sha256=<hex de HMAC-SHA256(chave do Hub, "MANIFEST\\n" + corpo exato)>.',
  auth: 'hmac',
  params: OtpHubParams,
  headers: signedHeaders,
  responses: { 200: Manifest },
  errors: signatureRefusals,
  examples: { response: exampleManifest },
});

export const postControllerEvents = endpoint({
  method: 'POST',
  path: '/api/controller/{hubId}/events',
  tag: 'Controlador de portas',
  summary: 'O controlador envia estados de porta, sinais de vida e tentativas decididas sem conexão',
  description:
    'Assinado como a validação. Cada evento tem seu id e seu horário original; um lote pode ser reenviado inteiro ou em parte: cada evento é registrado uma vez (os já registrados contam em duplicates).',
  auth: 'hmac',
  params: OtpHubParams,
  body: ControllerEventsBody,
  headers: signedHeaders,
  responses: { 200: ControllerEventsAnswer },
  errors: [
    ...signatureRefusals,
    { status: 400, code: 'validation_error', message: 'Dados inválidos.' },
    { status: 400, code: 'invalid_json', message: 'Corpo da requisição não é um JSON válido.' },
    { status: 413, code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 512 KiB).' },
  ],
  examples: {
    body: {
      events: [
        { id: '5b0c6a3e-1d2f-4e8a-9b7c-3f1e2d4a6c80', at: '2026-11-27T14:05:00.000Z', type: 'heartbeat', manifest_issued_at: '2026-11-27T14:00:00.000Z' },
        {
          id: '8e2d4f6a-3b1c-4d9e-a7f0-2c5b8e1d3f47',
          at: '2026-11-27T14:06:10.000Z',
          type: 'door_state',
          locker_order: 2,
          state: 'opened',
          request_id: EXAMPLE_IDS.requestId,
        },
        {
          id: '1c3e5a7b-9d2f-4b6a-8e0c-4f2a6d8b1e93',
          at: '2026-11-27T14:06:09.000Z',
          type: 'offline_attempt',
          request_id: EXAMPLE_IDS.requestId,
          outcome: 'opened',
          reservation_id: EXAMPLE_IDS.reservation,
          kind: 'access',
          locker_order: 2,
          code_index: 4,
        },
      ],
    },
    response: { accepted: 3, duplicates: 0 },
  },
});

export const controllerSyncEndpoints = { getControllerManifest, postControllerEvents };

/** `MANIFEST\n` + body: what X-Hub-Manifest-Signature signs (ADR 0025). */
export const MANIFEST_SIGNATURE_PREFIX = 'MANIFEST\n';
