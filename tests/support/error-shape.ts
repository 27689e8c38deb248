// What every error answer must look like: { error: { code, message } } with a non-empty pt-BR
// message. The denylist catches framework and library texts that leak in English.

const ENGLISH = [
  /\binvalid\b/i,
  /\bexpected\b/i,
  /\brequest\b/i,
  /\bmust\b/i,
  /\breceived\b/i,
  /\bunsupported\b/i,
  /too large/i,
  /not found/i,
  /\berror\b/i,
  /\bbody\b/i,
  /\brequired\b/i,
  /\bcannot\b/i,
  /\bshould\b/i,
  /\bfailed\b/i,
  /\bmissing\b/i,
  /\bunauthorized\b/i,
  /\bforbidden\b/i,
  /\binternal server\b/i,
  /\btoo (?:big|small|many)\b/i,
];

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Why answer is not a well-formed pt-BR error, or null when it is (or is not an error at all). */
export function errorShapeProblem(answer: Answer, method: string): string | null {
  if (answer.statusCode >= 500) return `status ${answer.statusCode}`;
  if (answer.statusCode < 400 || method === 'HEAD') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `not JSON: ${answer.body.slice(0, 120)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: { issues?: Array<{ message?: unknown }> } } }).error;
  if (!error || typeof error.code !== 'string' || error.code === '' || typeof error.message !== 'string' || error.message.trim() === '') {
    return `not { error: { code, message } }: ${answer.body.slice(0, 160)}`;
  }
  const texts = [error.message, ...(error.details?.issues ?? []).map((issue) => (typeof issue.message === 'string' ? issue.message : ''))];
  for (const text of texts) {
    const english = ENGLISH.find((pattern) => pattern.test(text));
    if (english) return `English text (${english.source}): ${text.slice(0, 160)}`;
  }
  return null;
}
