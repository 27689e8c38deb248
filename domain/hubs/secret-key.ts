// A Hub's secret key signs its door controller's calls (ADR 0008): the rule for a new key, shared
// by the domain and the dashboard form (web/src/features/dashboard/components/hub-form), so the
// form refuses exactly what the server would. The spec allows at most 10 alphanumeric characters;
// a new key must use all 10 (issue 24 item 3): a short key is a guessable key. Keys made by the
// server (an admin who leaves the field empty, an exposed demo) are 10 random ones.

export const SECRET_KEY_LENGTH = 10;
export const SECRET_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const SecretKeyMessages = {
  /** The spec's text, for a key too long or with other characters. */
  badSecret: 'Chave secreta deve ter no máximo 10 caracteres alfanuméricos.',
  tooShort: 'Chave secreta deve ter exatamente 10 caracteres alfanuméricos.',
} as const;

/** Why a new key is refused, or null when it is a good one. */
export function secretKeyProblem(key: string): string | null {
  if (!/^[A-Za-z0-9]*$/.test(key) || key.length > SECRET_KEY_LENGTH) return SecretKeyMessages.badSecret;
  if (key.length < SECRET_KEY_LENGTH) return SecretKeyMessages.tooShort;
  return null;
}

/**
 * A key from random numbers the caller draws (the domain has no randomness): `pick(n)` must return
 * a uniform integer in [0, n), e.g. crypto.randomInt.
 */
export const secretKeyFrom = (pick: (n: number) => number): string =>
  Array.from({ length: SECRET_KEY_LENGTH }, () => SECRET_KEY_ALPHABET[pick(SECRET_KEY_ALPHABET.length)]!).join('');
