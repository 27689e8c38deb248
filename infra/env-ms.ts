// A duration in milliseconds from the environment: unset or empty gives the default; anything but
// a positive integer stops the process at start with the variable's name in the message.
export function positiveMsFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer of milliseconds (got "${raw}")`);
  return value;
}
