// The API's logger as infra/log/log-format.ts chooses it: pino's JSON (Fastify's two lines per
// request), or for a person at a terminal pino-pretty with one short line per request.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { requestLine, type LogFormat } from '../../infra/log/log-format.js';

export interface LoggerSetting {
  level: string;
  /** Default 'json'. */
  format?: LogFormat;
}

/** Fastify's "incoming request", "route not found" and "request completed" lines become one line, at the end. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  // The 404 is in the request's own line already.
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestLine({ method: request.method, url: request.url, statusCode: reply.statusCode, elapsedMs: reply.elapsedTime });
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Fastify's logger options for a setting (false: no log, as tests build the app). `destination`
 * replaces stdout for the pretty format (tests).
 */
export function fastifyLogging(
  setting: boolean | LoggerSetting | undefined,
  destination?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (typeof setting !== 'object' || setting.format !== 'pretty') return { logger: setting ?? false };
  const stream = pretty({
    // Synchronous, so the last lines before process.exit (a drain, a failed start) are not lost.
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    // Colours as the terminal supports them (NO_COLOR respected); none into a test's stream.
    ...(destination ? { destination, colorize: false } : {}),
  });
  return { logger: { level: setting.level, stream }, logController: new OneLinePerRequest() };
}
