// `npm run controller -- HUB_ID`: the reference door controller of a Hub (docs/controller.md).
// HUB_URL (default http://127.0.0.1:3000), HUB_SECRET (the Hub's secret key), CONTROLLER_DATA_DIR
// (default .data/controller-HUB_ID), CONTROLLER_PORT (the local control port; 0 = any free one),
// CONTROLLER_FAKE_CLOCK=1 (the control port may move the clock), CONTROLLER_DOOR_CLOSE_MS,
// CONTROLLER_LEFT_OPEN_MS. Codes typed on stdin: "123456", or "123456@03" at door 03's keypad.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createControllerClock } from './clock.js';
import { startControlPort } from './control-port.js';
import { createController, type PressResult } from './controller.js';

const msEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? '');
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

function describe(result: PressResult): string {
  const where = result.online ? '' : ' (sem conexão)';
  if (result.outcome === 'opened') return `${result.jammed ? 'Porta travada' : 'Abrir porta'} ${String(result.locker_order).padStart(2, '0')}${where}`;
  if (result.outcome === 'locked_out') return `Teclado bloqueado até ${result.until} (sem conexão)`;
  return `Recusado${where}: ${result.message}`;
}

async function main(): Promise<void> {
  const hubId = process.argv[2];
  const secret = process.env.HUB_SECRET;
  if (!hubId || !secret) {
    console.error('Uso: HUB_SECRET=… npm run controller -- HUB_ID   (HUB_URL, CONTROLLER_DATA_DIR, CONTROLLER_PORT)');
    process.exit(2);
  }
  const dataDir = resolve(process.env.CONTROLLER_DATA_DIR ?? `.data/controller-${hubId}`);
  mkdirSync(dataDir, { recursive: true });
  const clock = createControllerClock(process.env.CONTROLLER_FAKE_CLOCK === '1');
  const controller = createController({
    target: { baseUrl: process.env.HUB_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`, hubId, secret },
    dataDir,
    clock,
    doors: { closeAfterMs: msEnv('CONTROLLER_DOOR_CLOSE_MS', 4000), leftOpenAfterMs: msEnv('CONTROLLER_LEFT_OPEN_MS', 5 * 60_000) },
    log: (line) => console.log(line),
  });
  const server = await startControlPort(controller, clock, Number(process.env.CONTROLLER_PORT ?? 0));
  // One JSON line a supervisor (or a test) reads to find the control port.
  console.log(JSON.stringify({ controller: hubId, controlPort: (server.address() as AddressInfo).port, dataDir }));
  controller.start();

  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    const [code, door] = line.trim().split('@');
    if (!code) return;
    void controller.press(code, door ? Number(door) : null).then((r) => console.log(describe(r)));
  });

  let draining = false;
  const drain = async () => {
    if (draining) return;
    draining = true;
    rl.close();
    server.close();
    await controller.drain();
    console.log(`Encerrado; ${controller.state().outbox} evento(s) aguardam envio.`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void drain());
  process.on('SIGINT', () => void drain());
}

await main();
