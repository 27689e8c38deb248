// A local PSP for tests: the API Pix 2.9's OAuth token, cob and devolução endpoints, as the
// Banco Central's OpenAPI describes them (statuses, bodies, RFC 7807 problems), over HTTPS that
// requires a client certificate signed by the test CA (mTLS). The test "pays" a charge (a pix[]
// entry, status CONCLUIDA) and builds the webhook body the PSP would POST to `{webhookUrl}/pix`.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCerts } from './test-certs.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VALOR = /^\d{1,10}\.\d{2}$/;
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ERR = 'https://pix.bcb.gov.br/api/v2/error/';

export interface PixPsp {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The cobs as the PSP holds them (txid → cob JSON). */
  cobs: Map<string, Json>;
  /** Token requests answered (how often Hub asked for a token). */
  tokensIssued(): number;
  /** Requests refused at the TLS handshake or for a bad token. */
  refused(): number;
  /** The payer's bank pays: a pix[] entry on the cob and status CONCLUIDA. */
  pay(txid: string, options?: { amount?: string; horario?: string }): { endToEndId: string; txid: string; valor: string; horario: string };
  /** What the PSP would POST to `{webhookUrl}/pix`. */
  webhookBody(...pix: { endToEndId: string; txid: string; valor: string; horario: string }[]): { pix: Json[] };
  /** Every call answers 503 ServicoIndisponivel while down. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const e2eidNow = () => `E12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32);

export async function startPixPsp(certs: TestCerts): Promise<PixPsp> {
  const clientId = 'hub-client';
  const clientSecret = randomBytes(12).toString('hex');
  const tokens = new Set<string>();
  const cobs = new Map<string, Json>();
  let issued = 0;
  let refused = 0;
  let down = false;
  let locId = 0;

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, kind: string, title: string, detail?: string) =>
    send(res, status, { type: ERR + kind, title, status, ...(detail ? { detail } : {}) }, 'application/problem+json');

  const findPix = (e2eid: string) => {
    for (const cob of cobs.values()) for (const pix of (cob.pix ?? []) as Json[]) if (pix.endToEndId === e2eid) return pix;
    return null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    if (down) return problem(res, 503, 'ServicoIndisponivel', 'Serviço não está disponível no momento.');
    const url = new URL(req.url ?? '/', 'https://psp');
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      const form = new URLSearchParams(body);
      if (decodeURIComponent(user ?? '') !== clientId || decodeURIComponent(pass ?? '') !== clientSecret || form.get('grant_type') !== 'client_credentials') {
        refused++;
        return send(res, 401, { error: 'invalid_client' });
      }
      issued++;
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.write pix.read' });
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      refused++;
      return problem(res, 401, 'AcessoNegado', 'Requisição de participante autenticado que viola alguma regra de autorização.');
    }
    const cobPath = /^\/cob\/([^/]+)$/.exec(url.pathname);
    if (cobPath) {
      const txid = decodeURIComponent(cobPath[1]!);
      if (req.method === 'GET') {
        const cob = cobs.get(txid);
        return cob ? send(res, 200, cob) : problem(res, 404, 'NaoEncontrado', 'Não Encontrado', `Cobrança ${txid} não encontrada.`);
      }
      if (req.method !== 'PUT') return problem(res, 405, 'NaoEncontrado', 'Método não suportado');
      const json = JSON.parse(body || '{}') as Json;
      if (!TXID.test(txid)) return problem(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'O campo txid não respeita o schema.');
      if (cobs.has(txid)) return problem(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'O txid informado já foi utilizado.');
      if (!VALOR.test(json.valor?.original ?? '') || typeof json.chave !== 'string') {
        return problem(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'O campo cob.valor.original não respeita o schema.');
      }
      const location = `pix.psp.example/qr/v2/${randomBytes(16).toString('hex')}`;
      const cob = {
        calendario: { criacao: new Date().toISOString(), expiracao: json.calendario?.expiracao ?? 86400 },
        txid,
        revisao: 0,
        loc: { id: ++locId, location, tipoCob: 'cob' },
        location,
        status: 'ATIVA',
        valor: { original: json.valor.original, modalidadeAlteracao: 0 },
        chave: json.chave,
        solicitacaoPagador: json.solicitacaoPagador,
      };
      cobs.set(txid, cob);
      return send(res, 201, cob);
    }
    const devPath = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(url.pathname);
    if (devPath) {
      const pix = findPix(decodeURIComponent(devPath[1]!));
      const id = decodeURIComponent(devPath[2]!);
      if (!pix) return problem(res, 404, 'PixNaoEncontrado', 'Pix não encontrado.');
      const devolucoes = (pix.devolucoes ??= []) as Json[];
      const found = devolucoes.find((d) => d.id === id);
      if (req.method === 'GET') {
        if (!found) return problem(res, 404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.');
        found.status = 'DEVOLVIDO'; // settled by the time anyone asks
        return send(res, 200, found);
      }
      const json = JSON.parse(body || '{}') as Json;
      if (found) return problem(res, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', 'O id informado já foi utilizado.');
      const refunded = devolucoes.reduce((sum, d) => sum + Number(d.valor), 0);
      if (!VALOR.test(json.valor ?? '') || refunded + Number(json.valor) > Number(pix.valor)) {
        return problem(res, 400, 'PixDevolucaoInvalida', 'Devolução inválida.', 'O valor excede o valor do pix originário.');
      }
      const devolucao = {
        id,
        rtrId: `D12345678${randomBytes(12).toString('hex')}`.slice(0, 32),
        valor: json.valor,
        horario: { solicitacao: new Date().toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      devolucoes.push(devolucao);
      return send(res, 201, devolucao);
    }
    return problem(res, 404, 'NaoEncontrado', 'Não Encontrado');
  }

  const server: Server = createServer(
    { key: certs.read(certs.serverKeyFile), cert: certs.read(certs.serverCertFile), ca: certs.read(certs.caFile), requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch(() => problem(res, 500, 'ErroInterno', 'Erro interno')));
    },
  );
  server.on('tlsClientError', () => refused++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    cobs,
    tokensIssued: () => issued,
    refused: () => refused,
    pay(txid, options = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`no cob ${txid} at the PSP`);
      const pix = { endToEndId: e2eidNow(), txid, valor: options.amount ?? cob.valor.original, horario: options.horario ?? new Date().toISOString() };
      cob.pix = [...(cob.pix ?? []), pix];
      cob.status = 'CONCLUIDA';
      return pix;
    },
    webhookBody: (...pix) => ({ pix: pix.map((p) => ({ ...p, infoPagador: 'Reserva Hub' })) }),
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
