import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ControllerEventInput, DoorStateValue, ManifestView } from '../contract/controller/controller-sync.js';
import { decodeCodeKey } from '../domain/doors/code-derivation.js';
import type { OfflineEntry, OfflineKeypad } from '../domain/doors/offline-rule.js';
import { decideOffline, initialKeypad } from '../domain/doors/offline-rule.js';
import type { ControllerClock } from './clock.js';
import type { DoorSettings } from './doors.js';
import { createDoors } from './doors.js';
import type { HubTarget } from './hub-client.js';
import { createHubClient, HubUnreachable, verifiedManifest } from './hub-client.js';
import { createManifestFile } from './manifest-file.js';
import { createOutbox } from './outbox.js';

// The reference door controller (issue 29, docs/controller.md): asks Hub first; when Hub does not
// answer (2 s, a network error or a 5xx) decides from its signed manifest with the offline rule
// (domain/doors/offline-rule.ts); drives the doors; queues what happened in its outbox and
// uploads it, in order, when Hub answers again.

export interface ControllerOptions {
  target: HubTarget;
  dataDir: string;
  clock: ControllerClock;
  doors: DoorSettings;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export type PressResult =
  | { outcome: 'opened'; locker_order: number; online: boolean; jammed: boolean }
  | { outcome: 'refused'; online: boolean; message: string }
  | { outcome: 'locked_out'; online: false; until: string };

const BATCH = 200;
const DEFAULT_SYNC_MS = 60_000;
const DEFAULT_HEARTBEAT_MS = 30_000;

function offlineEntries(manifest: ManifestView | null): OfflineEntry[] {
  if (!manifest) return [];
  return manifest.entries.flatMap((e) => {
    const codeKey = decodeCodeKey(e.code_key);
    return codeKey
      ? [
          {
            reservationId: e.reservation_id,
            kind: e.kind,
            lockerOrder: e.locker_order,
            opensFromMs: Date.parse(e.opens_from),
            opensUntilMs: Math.min(Date.parse(e.opens_until), Date.parse(manifest.valid_until)),
            codeKey,
            nextIndex: e.next_index,
            latestIssuedAtMs: e.latest_issued_at ? Date.parse(e.latest_issued_at) : null,
            rotationMs: e.rotation_ms,
          },
        ]
      : [];
  });
}

export function createController(opts: ControllerOptions) {
  const log = opts.log ?? (() => {});
  const hub = createHubClient(opts.target, opts.timeoutMs ?? 2000);
  const outbox = createOutbox(opts.dataDir);
  const manifestFile = createManifestFile(opts.dataDir, opts.target);
  const keypadFile = join(opts.dataDir, 'keypad.json');
  let keypad: OfflineKeypad = existsSync(keypadFile) ? (JSON.parse(readFileSync(keypadFile, 'utf8')) as OfflineKeypad) : initialKeypad();
  // A manifest read back from disk is trusted only while its signature holds; time is the system's until the next sync.
  let manifest: ManifestView | null = manifestFile.load();
  let online = false;
  let lastBatch: ControllerEventInput[] = [];
  let flushing: Promise<void> | null = null;
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const now = () => new Date(opts.clock.now()).toISOString();
  const doors = createDoors(opts.doors, (lockerOrder: number, state: DoorStateValue, requestId: string | null) => {
    outbox.add({ id: randomUUID(), at: now(), type: 'door_state', locker_order: lockerOrder, state, request_id: requestId, offline: !online });
    void flush();
  });

  let lastError: string | null = null;
  function unreachable(error: unknown) {
    if (!(error instanceof HubUnreachable)) throw error;
    lastError = error.message;
    markOnline(false);
  }
  function markOnline(value: boolean) {
    if (online !== value) log(value ? 'Hub respondeu: online.' : 'Sem conexão com o Hub: decidindo pelo manifesto.');
    online = value;
  }

  /** Uploads the outbox in order, BATCH at a time, dropping only what Hub acknowledged. */
  function flush(): Promise<void> {
    // One upload at a time; `finally` runs after the assignment, even when there is nothing to send.
    flushing ??= upload().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function upload(): Promise<void> {
    try {
      for (let batch = outbox.peek(BATCH); batch.length > 0; batch = outbox.peek(BATCH)) {
        const answer = await hub.events(batch);
        markOnline(true);
        if (answer.status !== 200) {
          log(`Eventos recusados pelo Hub (${answer.status}): ${answer.text}`);
          return;
        }
        outbox.drop(batch.length);
        lastBatch = batch;
      }
    } catch (error) {
      unreachable(error);
    }
  }

  async function sync(): Promise<boolean> {
    await flush();
    try {
      const answer = await hub.manifest();
      markOnline(true);
      const fresh = answer.status === 200 ? verifiedManifest(opts.target, answer.text, answer.headers.get('x-hub-manifest-signature')) : null;
      if (!fresh) {
        log(`Manifesto recusado (${answer.status}): assinatura ou conteúdo inválido.`);
        return false;
      }
      manifestFile.save(answer.text, answer.headers.get('x-hub-manifest-signature')!);
      manifest = fresh;
      opts.clock.syncTo(Date.parse(fresh.issued_at));
      return true;
    } catch (error) {
      unreachable(error);
      return false;
    }
  }

  async function heartbeat() {
    try {
      const answer = await hub.events([{ id: randomUUID(), at: now(), type: 'heartbeat', manifest_issued_at: manifest?.issued_at ?? null }]);
      markOnline(answer.status < 500);
      if (outbox.size() > 0) void flush();
    } catch (error) {
      unreachable(error);
    }
  }

  function decideLocally(code: string, lockerOrder: number | null, requestId: string): PressResult {
    const nowMs = opts.clock.now();
    const { decision, keypad: next } = decideOffline(keypad, offlineEntries(manifest), { code, nowMs, lockerOrder });
    keypad = next;
    writeFileSync(keypadFile, JSON.stringify(keypad));
    const opened = decision.outcome === 'opened' ? decision : null;
    outbox.add({
      id: randomUUID(),
      at: new Date(nowMs).toISOString(),
      type: 'offline_attempt',
      request_id: requestId,
      outcome: decision.outcome,
      reservation_id: opened?.entry.reservationId ?? null,
      kind: opened?.entry.kind ?? null,
      locker_order: opened?.entry.lockerOrder ?? lockerOrder,
      code_index: opened?.index ?? null,
    });
    if (opened) {
      const jammed = !doors.open(opened.entry.lockerOrder, requestId);
      return { outcome: 'opened', locker_order: opened.entry.lockerOrder, online: false, jammed };
    }
    if (decision.outcome === 'locked_out') return { outcome: 'locked_out', online: false, until: new Date(decision.untilMs).toISOString() };
    return { outcome: 'refused', online: false, message: 'Código inválido ou expirado.' };
  }

  /** A code typed at the keypad (of one door, or the Hub's when lockerOrder is null). */
  async function press(code: string, lockerOrder: number | null = null): Promise<PressResult> {
    const requestId = randomUUID();
    try {
      const answer = await hub.validate(code, requestId);
      markOnline(true);
      const body = answer.body as { lockerOrder?: number; error?: { message?: string } } | null;
      if (answer.status === 200 && typeof body?.lockerOrder === 'number') {
        const jammed = !doors.open(body.lockerOrder, requestId);
        return { outcome: 'opened', locker_order: body.lockerOrder, online: true, jammed };
      }
      return { outcome: 'refused', online: true, message: body?.error?.message ?? `Resposta inesperada (${answer.status}).` };
    } catch (error) {
      unreachable(error);
      return decideLocally(code, lockerOrder, requestId);
    }
  }

  function loop(name: string, fn: () => Promise<unknown>, everyMs: () => number) {
    const run = async () => {
      await fn().catch((error: unknown) => log(`Erro: ${(error as Error).message}`));
      if (!stopped) timers.set(name, setTimeout(run, everyMs()));
    };
    void run();
  }

  return {
    start() {
      loop('sync', sync, () => manifest?.sync_every_ms ?? DEFAULT_SYNC_MS);
      loop('heartbeat', heartbeat, () => manifest?.heartbeat_every_ms ?? DEFAULT_HEARTBEAT_MS);
    },
    press,
    sync,
    flush,
    doors,
    /** Sends the last acknowledged batch again (an integrator's check that Hub records each event once). */
    resendLastBatch: async () => (lastBatch.length ? (await hub.events(lastBatch)).body : null),
    state: () => ({
      hub_id: opts.target.hubId,
      online,
      /** Why the last call to Hub failed (network, timeout, 5xx). */
      last_error: lastError,
      now: now(),
      fake_clock: opts.clock.fake,
      outbox: outbox.size(),
      keypad: { failures: keypad.failures, locked_until: keypad.lockedUntilMs ? new Date(keypad.lockedUntilMs).toISOString() : null },
      manifest: manifest && {
        issued_at: manifest.issued_at,
        valid_until: manifest.valid_until,
        entries: manifest.entries.map(({ code_key: _key, ...entry }) => entry),
      },
      doors: doors.states(),
    }),
    /** SIGTERM: stop the loops, upload what can be uploaded. */
    async drain() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      doors.stop();
      await flush();
    },
  };
}

export type Controller = ReturnType<typeof createController>;
