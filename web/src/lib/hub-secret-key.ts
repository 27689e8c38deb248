// The Hub secret key rule the server decides with (domain/hubs/secret-key.ts), shared rather than
// copied: the dashboard form refuses exactly what the server would.
import { secretKeyFrom } from '../../../domain/hubs/secret-key';

export * from '../../../domain/hubs/secret-key';

/** A uniform integer in [0, n) from the browser's CSPRNG (rejection sampling, no modulo bias). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % n;
}

/** A new key for the form's 'Gerar' button: 10 random letters and digits. */
export const generateSecretKey = (): string => secretKeyFrom(randomBelow);
