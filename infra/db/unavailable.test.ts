import { describe, expect, it } from 'vitest';
import { unavailableCause } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('issue 24 item 13: which errors mean the database is unavailable', () => {
  it('restarts, refusals, lost connections and full servers count', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']) {
      expect(unavailableCause(withCode(code)), code).toBe(code);
    }
    expect(unavailableCause(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    expect(unavailableCause(new Error('timeout exceeded when trying to connect'))).not.toBeNull();
    expect(unavailableCause(new Error('Client has encountered a connection error and is not queryable'))).not.toBeNull();
  });

  it('looks inside AggregateError and cause', () => {
    expect(unavailableCause(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))).toBe('ECONNREFUSED');
    expect(unavailableCause(new Error('wrapped', { cause: withCode('57P01') }))).toBe('57P01');
  });

  it('a query that is wrong, a constraint or a bug does not', () => {
    for (const error of [withCode('23505'), withCode('42P01'), withCode('40001'), new TypeError('x is undefined'), 'text', null]) {
      expect(unavailableCause(error)).toBeNull();
    }
  });
});
