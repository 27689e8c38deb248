// BullMQ JobQueue for services mode. One BullMQ queue per job name (`<queueName>.<name>`), so a
// process that registers a handler for one name never pulls jobs of another name it cannot run.
import { DelayedError, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Job, JobsOptions } from 'bullmq';
import { assertJobArgs, consoleReporter, DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, toJsonPayload } from './port.js';
import type { JobHandler, JobPayload, RepeatingJobQueue, RetryOptions } from './port.js';
import { countJobFailure } from '../metrics/registry.js';

export interface BullMqQueueOptions extends RetryOptions {
  redisUrl: string;
  /** Base name; each job name gets the BullMQ queue `<queueName>.<name>`. Default "hub". */
  queueName?: string;
  /** Redis key prefix. Default "bull". */
  prefix?: string;
  /** Jobs run at once per job name in this process. Default 1. */
  concurrency?: number;
  /** How long schedule()/cancel() wait for Redis to be connected before failing. Default 2 s. */
  connectWaitMs?: number;
}

/** Quit politely when connected; otherwise drop, since quit() would wait for a reconnect. */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/** What we store as job.data: runAt lets a reschedule tell "same job" from "moved job". */
interface Envelope {
  payload: JobPayload;
  runAt: number;
}

/** A run in progress in this process; schedule/cancel of its own jobId land here. */
interface RunControl {
  next?: Envelope;
  cancelled?: boolean;
}

// Module-wide so a handler may reschedule its own job through any adapter instance.
const activeRuns = new Map<string, RunControl>();

const PENDING_STATES = new Set(['delayed', 'waiting', 'prioritized']);
const ACTIVE_WAIT_MS = 5_000; // how long schedule() waits for a run elsewhere to end
const ACTIVE_POLL_MS = 50;
const CLOSE_GRACE_MS = 10_000;
const CONNECT_WAIT_MS = 2_000; // how long schedule()/cancel() wait for a Redis not yet connected

// BullMQ rejects ':' in queue names and job ids, and all-digit job ids; escape reversibly.
const escapeId = (s: string) => s.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
const unescapeId = (s: string) => s.replace(/%(25|3A)/g, (_m, h: string) => (h === '25' ? '%' : ':'));
const toBullId = (jobId: string) => `j-${escapeId(jobId)}`;
const fromBullId = (id: string) => (id.startsWith('j-') ? unescapeId(id.slice(2)) : id);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful close waits for runs in progress. A handler that never settles would hold it forever
 * (and a second close() just returns the same promise), so after a grace period we disconnect.
 */
async function closeWorker(worker: Worker<Envelope>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), CLOSE_GRACE_MS);
  });
  const hung = await Promise.race([worker.close().then(() => false), timedOut]);
  clearTimeout(timer);
  if (hung) await worker.disconnect().catch(() => {});
}

function sameEnvelope(a: Envelope, b: Envelope): boolean {
  return a.runAt === b.runAt && JSON.stringify(a.payload) === JSON.stringify(b.payload);
}

export interface BullMqJobQueue extends RepeatingJobQueue {
  jobCounts: NonNullable<RepeatingJobQueue['jobCounts']>;
  bullQueues(names: readonly string[]): Queue[];
}

export function createBullMqQueue(opts: BullMqQueueOptions): BullMqJobQueue {
  const prefix = opts.prefix ?? 'bull';
  const base = opts.queueName ?? 'hub';
  const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS);
  const report = opts.onError ?? consoleReporter;
  // BullMQ 6 cannot build ioredis clients itself under ESM (it uses require()), so we pass ours.
  // Queues and workers share them; BullMQ only duplicates one blocking connection per worker.
  const clients = new Map<'producer' | 'consumer', Redis>();
  // Producers fail fast while Redis is down (no offline queue, one retry), so a booking never
  // waits on Redis: the database is the truth and the sweeper covers the job that was not made.
  // Workers' connections wait instead (BullMQ requires maxRetriesPerRequest: null).
  const client = (role: 'producer' | 'consumer'): Redis => {
    let c = clients.get(role);
    if (!c) {
      c = new Redis(opts.redisUrl, role === 'consumer' ? { maxRetriesPerRequest: null } : { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      c.on('error', (err) => report(err, { name: `redis ${role}` }));
      clients.set(role, c);
    }
    return c;
  };
  const jobOpts = {
    attempts,
    backoff: { type: 'exponential', delay: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
    // Keep some history for inspection without letting Redis grow forever.
    removeOnComplete: { count: 1000, age: 24 * 3600 },
    removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
  } satisfies JobsOptions;
  const queues = new Map<string, Queue<Envelope>>();
  const workers = new Map<string, Worker<Envelope>>();
  let closed = false;

  const bullName = (name: string) => `${base}.${escapeId(name)}`;
  const runKey = (name: string, id: string) => `${prefix}\u0000${bullName(name)}\u0000${id}`;

  function checkOpen(): void {
    if (closed) throw new Error('job queue is closed');
  }

  /** Waits a little for the producer connection (e.g. just after start), then gives up. */
  async function producerReady(): Promise<void> {
    const c = client('producer');
    if (c.status === 'ready') return;
    let done = () => {};
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis is not connected (${c.status})`)), opts.connectWaitMs ?? CONNECT_WAIT_MS);
      const onReady = () => resolve();
      c.once('ready', onReady);
      done = () => {
        clearTimeout(timer);
        c.removeListener('ready', onReady);
      };
    }).finally(() => done());
  }

  function queueFor(name: string): Queue<Envelope> {
    let q = queues.get(name);
    if (!q) {
      const connection = client('producer');
      q = new Queue<Envelope>(bullName(name), { connection, prefix, defaultJobOptions: jobOpts });
      q.on('error', (err) => report(err, { name }));
      queues.set(name, q);
    }
    return q;
  }

  async function runJob(name: string, handler: JobHandler, job: Job<Envelope>, token?: string) {
    const id = job.id ?? '';
    const key = runKey(name, id);
    const control: RunControl = {};
    activeRuns.set(key, control);
    // A scheduler's tick has its own generated id; the handler is told the repeat's key.
    const meta = { jobId: fromBullId(job.repeatJobKey ?? id), attempt: job.attemptsMade + 1 };
    let failure: { err: unknown } | undefined;
    try {
      await handler(job.data.payload, meta);
    } catch (err) {
      failure = { err };
    } finally {
      activeRuns.delete(key);
    }
    if (control.next && token) {
      // The handler rescheduled its own jobId: move this job instead of completing it.
      await job.updateData(control.next);
      await job.moveToDelayed(Math.max(control.next.runAt, Date.now()), token);
      throw new DelayedError();
    }
    if (!failure) return;
    const final = control.cancelled === true || meta.attempt >= attempts;
    report(failure.err, { name, ...meta, final });
    countJobFailure(name, final);
    // UnrecoverableError stops BullMQ's retries for a job cancelled during its run.
    if (control.cancelled) throw new UnrecoverableError('cancelled while running');
    throw failure.err;
  }

  return {
    async schedule(name, payload, { runAt, jobId }) {
      checkOpen();
      assertJobArgs(name, jobId);
      const id = toBullId(jobId);
      const env: Envelope = { payload: toJsonPayload(payload), runAt: runAt.getTime() };
      const control = activeRuns.get(runKey(name, id));
      if (control) {
        control.next = env; // running in this process: applied when the handler returns
        control.cancelled = false;
        return;
      }
      await producerReady();
      const q = queueFor(name);
      // BullMQ ignores an add whose id exists, so a changed job is removed and added again.
      for (let waited = 0; ; waited += ACTIVE_POLL_MS) {
        const job = await q.getJob(id);
        if (job) {
          if (PENDING_STATES.has(await job.getState()) && sameEnvelope(job.data, env)) return;
          if ((await q.remove(id)) === 0) {
            // Locked: running in another process. Wait for it, then schedule the new run.
            if (waited >= ACTIVE_WAIT_MS) throw new Error(`job ${jobId} is still running`);
            await sleep(ACTIVE_POLL_MS);
            continue;
          }
        }
        await q.add(name, env, { jobId: id, delay: Math.max(0, env.runAt - Date.now()) });
        return;
      }
    },

    async cancel(name, jobId) {
      checkOpen();
      assertJobArgs(name, jobId);
      const id = toBullId(jobId);
      const control = activeRuns.get(runKey(name, id));
      if (control) {
        control.next = undefined;
        control.cancelled = true;
        return;
      }
      // Returns 0 when the job is running elsewhere; a run in progress is not interrupted.
      await producerReady();
      await queueFor(name).remove(id);
    },

    // A BullMQ Job Scheduler (5+ API): Redis holds the period, so any worker process runs the
    // ticks and a restart does not lose the repeat. upsert replaces an earlier one with this key.
    async repeat(name, payload, { everyMs, key }) {
      checkOpen();
      assertJobArgs(name, key);
      if (!(everyMs > 0)) throw new Error('everyMs must be positive');
      await producerReady();
      const env: Envelope = { payload: toJsonPayload(payload), runAt: 0 };
      await queueFor(name).upsertJobScheduler(toBullId(key), { every: everyMs, startDate: Date.now() + everyMs }, { name, data: env });
    },

    async stopRepeat(name, key) {
      checkOpen();
      assertJobArgs(name, key);
      await producerReady();
      await queueFor(name).removeJobScheduler(toBullId(key));
    },

    process(name, handler) {
      checkOpen();
      assertJobArgs(name);
      if (workers.has(name)) throw new Error(`a handler for job "${name}" is already registered`);
      const worker = new Worker<Envelope>(bullName(name), (job, token) => runJob(name, handler as JobHandler, job, token), {
        connection: client('consumer'),
        prefix,
        concurrency: opts.concurrency ?? 1,
      });
      worker.on('error', (err) => report(err, { name }));
      workers.set(name, worker);
    },

    async jobCounts(names) {
      checkOpen();
      await producerReady();
      const rows = await Promise.all(
        names.map(async (name) => {
          // Prioritized jobs are waiting ones too; completed ones are history, not depth.
          const c = await queueFor(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
          const states = { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
          return Object.entries(states).map(([state, count]) => ({ queue: name, state, count }));
        }),
      );
      return rows.flat();
    },

    /** The BullMQ queues of these job names (the queue dashboard, /admin/queues). */
    bullQueues(names: readonly string[]) {
      checkOpen();
      return names.map(queueFor);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...workers.values()].map(closeWorker));
      await Promise.all([...queues.values()].map((q) => q.close()));
      await Promise.all([...clients.values()].map(closeClient)); // shared clients: BullMQ leaves them open
    },
  };
}
