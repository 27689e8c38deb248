import { describe, expect, it } from 'vitest';
import { waitFor, WaitForError } from './wait-for.js';
import { isTransientPostgresError, isTransientRedisError, serverTarget } from './wait-for-servers.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

/** A probe failing `failures` times with `error()`, then answering; the pauses asked for are recorded. */
function scripted(failures: number, error: () => unknown = refused) {
  const delays: number[] = [];
  const lines: string[] = [];
  let calls = 0;
  let clock = 0;
  return {
    delays,
    lines,
    calls: () => calls,
    options: {
      name: 'PostgreSQL',
      target: 'postgres:5432',
      probe: async () => {
        calls++;
        if (calls <= failures) throw error();
      },
      isTransient: isTransientPostgresError,
      log: (line: string) => lines.push(line),
      sleep: async (ms: number) => {
        delays.push(ms);
        clock += ms;
      },
      now: () => clock,
      initialDelayMs: 250,
      maxDelayMs: 2_000,
    },
  };
}

describe('waitFor', () => {
  it('says nothing when the server answers at once', async () => {
    const run = scripted(0);
    await waitFor(run.options);
    expect(run.lines).toEqual([]);
    expect(run.delays).toEqual([]);
  });

  it('waits with a doubling, capped backoff, logging one line when it starts waiting and one when through', async () => {
    const run = scripted(7);
    await waitFor(run.options);
    expect(run.calls()).toBe(8);
    expect(run.delays).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000]);
    expect(run.lines).toEqual([
      'Aguardando PostgreSQL em postgres:5432 (waiting for PostgreSQL): connect ECONNREFUSED 10.0.0.5:5432',
      'PostgreSQL em postgres:5432 respondeu após 9,8 s (PostgreSQL reached after 9.8 s)',
    ]);
  });

  it('gives up at once on an error waiting cannot fix, with one clear line', async () => {
    const auth = () => Object.assign(new Error('password authentication failed for user "hub"'), { code: '28P01' });
    const run = scripted(5, auth);
    const error = await waitFor(run.options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForError);
    expect((error as Error).message).toBe(
      'PostgreSQL em postgres:5432 recusou a conexão, e esperar não resolve: password authentication failed for user "hub" (28P01) (PostgreSQL refused the connection; not retrying)',
    );
    expect(run.calls()).toBe(1);
    expect(run.lines).toEqual([]);
  });

  it('keeps waiting through a server that is starting up, then stops on an unknown database', async () => {
    let calls = 0;
    const lines: string[] = [];
    const error = await waitFor({
      name: 'PostgreSQL',
      target: 'db:5432',
      probe: async () => {
        calls++;
        if (calls < 3) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
        throw Object.assign(new Error('database "hub" does not exist'), { code: '3D000' });
      },
      isTransient: isTransientPostgresError,
      log: (line) => lines.push(line),
      sleep: async () => {},
    }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(lines).toHaveLength(1);
    expect((error as Error).message).toContain('database "hub" does not exist (3D000)');
  });
});

describe('which errors are worth waiting out', () => {
  const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

  it('PostgreSQL: down, not yet in DNS, starting, full, closed mid-handshake: wait; credentials and databases: stop', () => {
    expect(isTransientPostgresError(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(true);
    expect(isTransientPostgresError(withCode('getaddrinfo ENOTFOUND postgres', 'ENOTFOUND'))).toBe(true);
    expect(isTransientPostgresError(withCode('getaddrinfo EAI_AGAIN postgres', 'EAI_AGAIN'))).toBe(true);
    expect(isTransientPostgresError(withCode('too many clients', '53300'))).toBe(true);
    expect(isTransientPostgresError(withCode('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientPostgresError(new AggregateError([withCode('connect ECONNREFUSED ::1', 'ECONNREFUSED')], ''))).toBe(true);
    expect(isTransientPostgresError(withCode('password authentication failed', '28P01'))).toBe(false);
    expect(isTransientPostgresError(withCode('role "x" does not exist', '28000'))).toBe(false);
    expect(isTransientPostgresError(withCode('database "x" does not exist', '3D000'))).toBe(false);
  });

  it('Redis: down or loading: wait; a refused password: stop', () => {
    expect(isTransientRedisError(withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'))).toBe(true);
    expect(isTransientRedisError(withCode('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isTransientRedisError(withCode('Connection is closed.'))).toBe(true);
    expect(isTransientRedisError(withCode('WRONGPASS invalid username-password pair'))).toBe(false);
    expect(isTransientRedisError(withCode('NOAUTH Authentication required.'))).toBe(false);
  });

  it('names the server without its credentials', () => {
    expect(serverTarget('postgres://hub:s3cret@postgres:5433/hub', 5432)).toBe('postgres:5433');
    expect(serverTarget('postgres://postgres@db/hub', 5432)).toBe('db:5432');
    expect(serverTarget('redis://:pw@redis', 6379)).toBe('redis:6379');
    expect(serverTarget('not a url', 5432)).toBe('(invalid URL)');
  });
});
