import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../contract/endpoint.js';
import { ErrorBody, errorsOf } from '../../contract/shared/error-body.js';

// Checks every JSON answer against the contract of its route, where tests turn it on
// (HUB_CONTRACT_CHECK=1, set for the integration tests in vitest.config.ts): a success body must
// parse with the schema of its status, a refusal must be ErrorBody with a code the endpoint
// declares for that status. A mismatch is a failure of the test that caused it, not a log line.

export interface ContractViolation {
  route: string;
  status: number;
  problem: string;
}

const violations: ContractViolation[] = [];

/** What the checks found so far in this process (tests read it). */
export const contractViolations = (): readonly ContractViolation[] => violations;

export const contractCheckEnabled = () => process.env.HUB_CONTRACT_CHECK === '1';

export function checkAnswer(endpoint: Endpoint, status: number, payload: unknown): string | null {
  // A status the endpoint answers with its own body (health's 503) is checked like a success.
  if (status >= 400 && !(status in endpoint.responses)) {
    const body = ErrorBody.safeParse(payload);
    if (!body.success) return `refusal is not { error: { code, message } }: ${body.error.issues[0]?.message}`;
    const { code } = body.data.error;
    const declared = errorsOf(endpoint).some((e) => e.status === status && e.code === code);
    return declared ? null : `refusal ${status} ${code} is not declared in the contract`;
  }
  if (!(status in endpoint.responses)) return `status ${status} is not declared in the contract`;
  const schema = endpoint.responses[status];
  if (!schema) return payload === undefined || payload === null || payload === '' ? null : `status ${status} declares no body`;
  const parsed = schema.safeParse(payload);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `answer does not match the contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`;
}

export function installContractCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint) return payload;
    const problem = checkAnswer(endpoint, reply.statusCode, payload);
    if (problem) {
      const violation = { route: `${endpoint.method} ${endpoint.path}`, status: reply.statusCode, problem };
      violations.push(violation);
      // Loud on purpose: the test that caused it should fail where a reader sees why.
      console.error(`contract violation: ${violation.route} → ${violation.status}: ${problem}`);
      throw new Error(`contract violation: ${violation.route} → ${violation.status}: ${problem}`);
    }
    return payload;
  });
}
