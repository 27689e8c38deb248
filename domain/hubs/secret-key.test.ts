import { describe, expect, it } from 'vitest';
import { SECRET_KEY_ALPHABET, secretKeyFrom, secretKeyProblem } from './secret-key.js';

describe('issue 24 item 3: a Hub secret key', () => {
  it('is exactly 10 alphanumeric characters', () => {
    expect(secretKeyProblem('abcDE12345')).toBeNull();
    expect(secretKeyProblem('abc123')).toBe('Chave secreta deve ter exatamente 10 caracteres alfanuméricos.');
    expect(secretKeyProblem('X')).toBe('Chave secreta deve ter exatamente 10 caracteres alfanuméricos.');
    expect(secretKeyProblem('abcDE123456')).toBe('Chave secreta deve ter no máximo 10 caracteres alfanuméricos.');
    expect(secretKeyProblem('abc-123456')).toBe('Chave secreta deve ter no máximo 10 caracteres alfanuméricos.');
  });

  it('made from the numbers drawn, it is always a good key over the whole alphabet', () => {
    let n = 0;
    const key = secretKeyFrom((size) => n++ % size);
    expect(key).toBe('ABCDEFGHIJ');
    expect(secretKeyFrom((size) => size - 1)).toBe('9999999999');
    expect(SECRET_KEY_ALPHABET).toHaveLength(62);
    expect(secretKeyProblem(secretKeyFrom((size) => Math.floor(Math.random() * size)))).toBeNull();
  });
});
