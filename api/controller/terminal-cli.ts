// `npm run terminal -- HUB_ID`: a Hub's keypad in a shell. Reads codes from stdin, signs each
// call as the Hub's controller would (ADR 0008) and prints "Abrir porta 03" or the refusal.
// Talks to the API at HUB_URL (default http://127.0.0.1:$PORT, 3000); the Hub's secret comes from
// HUB_SECRET or, when DATABASE_URL is set, from that database's Hub stream (the key as the last
// change left it, whatever the projections' lag).
import { createInterface } from 'node:readline/promises';
import pg from 'pg';
import type { HubEvent } from '../../domain/hubs/hub-events.js';
import { evolveHub, hubStreamId, initialHubState } from '../../domain/hubs/hub-events.js';
import { press } from './terminal-client.js';

async function secretFromDatabase(databaseUrl: string, hubId: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<HubEvent>('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version', [hubStreamId(hubId)]);
    const hub = rows.reduce(evolveHub, initialHubState());
    return hub.status === 'registered' ? hub.secretKey : null;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const hubId = process.argv[2];
  if (!hubId) {
    console.error('Uso: npm run terminal -- HUB_ID   (HUB_URL, HUB_SECRET ou DATABASE_URL)');
    process.exit(2);
  }
  const secret = process.env.HUB_SECRET ?? (process.env.DATABASE_URL ? await secretFromDatabase(process.env.DATABASE_URL, hubId) : null);
  if (!secret) {
    console.error(process.env.DATABASE_URL ? `Hub ${hubId} não encontrado no banco.` : 'Informe HUB_SECRET (a chave secreta do Hub) ou DATABASE_URL.');
    process.exit(2);
  }
  const target = { baseUrl: process.env.HUB_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`, hubId, secret };
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  console.log(`Terminal do Hub ${hubId} em ${target.baseUrl}. Digite o código (vazio ou "sair" encerra).`);
  for await (const line of rl) {
    const code = line.trim();
    if (!code || code === 'sair') break;
    try {
      console.log(await press(target, code));
    } catch (error) {
      console.log(`Sem resposta do servidor: ${(error as Error).message}`);
    }
  }
  rl.close();
}

await main();
