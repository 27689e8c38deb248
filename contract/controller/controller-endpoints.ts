import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import type { ErrorCase } from '../endpoint.js';
import { notYourHub } from '../logistics/logistics-endpoints.js';
import { OtpHubParams } from '../logistics/logistics-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// A Hub's door controller (ADR 0008, docs/logistics-api.md): it signs each request with the Hub's
// secret key; and the keypad page, which has the server sign for it.

export const ValidateBody = z.object({
  code: z.string().min(1).max(32),
  request_id: z.uuid().meta({ description: 'Uma repetição com o mesmo request_id (assinada de novo) recebe a primeira resposta e não abre nada duas vezes.' }),
});

export const DoorOpening = z.object({
  lockerInterface: z.string().meta({ description: '"{hardware}:{ordem, dois dígitos}", ex.: LK-31:03' }),
  lockerOrder: z.number().int(),
  reservationId: z.string(),
});

export const ControllerMessages = {
  hubNotFound: 'Hub não encontrado.',
  refused: 'Código inválido ou expirado.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente.',
  tooManyFailures: (seconds: number) => `Muitas tentativas erradas neste Hub. Tente novamente em ${seconds} s.`,
} as const;

/** The pickup code of contract/logistics/logistics-examples.ts, typed at SP-01's keypad: locker 01 opens. */
const opening = { lockerInterface: 'LK-31:01', lockerOrder: 1, reservationId: EXAMPLE_IDS.reservation } satisfies DoorOpeningView;

const hubNotFound: ErrorCase = { status: 404, code: 'not_found', message: ControllerMessages.hubNotFound };

/** What validate may answer besides a door opening; the terminal passes them on as they are. */
const doorRefusals: ErrorCase[] = [
  hubNotFound,
  { status: 401, code: 'missing_timestamp', message: 'Informe o cabeçalho X-Hub-Timestamp (segundos Unix).' },
  { status: 401, code: 'stale_timestamp', message: 'Horário da requisição fora da janela de 60 segundos.' },
  { status: 401, code: 'missing_signature', message: 'Informe o cabeçalho X-Hub-Signature (sha256=<hex>).' },
  { status: 401, code: 'bad_signature', message: 'Assinatura inválida.' },
  { status: 401, code: 'replayed', message: 'Requisição repetida: assine de novo com um novo horário.' },
  { status: 403, code: 'invalid_code', message: ControllerMessages.refused },
  { status: 429, code: 'too_many_failures', message: ControllerMessages.tooManyFailures(42) },
  { status: 413, code: 'payload_too_large', message: 'O corpo da requisição é grande demais (máximo de 8 KiB).' },
  { status: 503, code: 'unavailable', message: ControllerMessages.unavailable },
];

export const validateDoorCode = endpoint({
  method: 'POST',
  path: '/api/otp/validate/{hubId}',
  tag: 'Controlador de portas',
  summary: 'O controlador do Hub pergunta se um código digitado abre um locker',
  description:
    'Assinado com a chave secreta do Hub: X-Hub-Timestamp (segundos Unix, até 60 s de diferença) e X-Hub-Signature: sha256=<hex de HMAC-SHA256(chave, MÉTODO \\n CAMINHO \\n TIMESTAMP \\n CORPO)>. Uma assinatura já vista é recusada. 5 códigos errados com um código vivo invalidam os códigos vivos do Hub; mais de 10 falhas por minuto respondem 429 com Retry-After.',
  auth: 'hmac',
  params: OtpHubParams,
  body: ValidateBody,
  headers: {
    'X-Hub-Timestamp': { description: 'Segundos Unix do momento da assinatura.', required: true },
    'X-Hub-Signature': { description: 'sha256=<64 hex>.', required: true },
  },
  responses: { 200: DoorOpening },
  errors: doorRefusals,
  examples: { body: { code: '615204', request_id: EXAMPLE_IDS.requestId }, response: opening },
});

export const pressTerminal = endpoint({
  method: 'POST',
  path: '/api/terminal/{hubId}/press',
  tag: 'Controlador de portas',
  summary: 'O teclado do Hub na web: o servidor assina o código como o controlador e responde o que a validação respondeu',
  description: 'A chave secreta do Hub nunca sai do servidor.',
  auth: 'bearer',
  role: 'logistics',
  params: OtpHubParams,
  body: z.object({ code: z.string().min(1).max(32) }),
  responses: { 200: DoorOpening },
  errors: [notYourHub, ...doorRefusals],
  examples: { body: { code: '615204' }, response: opening },
});

export const controllerEndpoints = { validateDoorCode, pressTerminal };

export type DoorOpeningView = z.infer<typeof DoorOpening>;
