import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type Args = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (request.log, bound to its reqId) that makes its pino child only when
 * something is logged at an enabled level. Fastify made a child for every request, about a tenth
 * of a cached Hub read's time, and most requests log nothing. Methods live on the prototype, so a
 * request costs one small object.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #on(level: string): boolean {
    // pino knows its enabled levels; another logger is always asked.
    return (this.parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? true;
  }

  fatal(...args: Args) {
    if (this.#on('fatal')) this.#real().fatal(...args);
  }
  error(...args: Args) {
    if (this.#on('error')) this.#real().error(...args);
  }
  warn(...args: Args) {
    if (this.#on('warn')) this.#real().warn(...args);
  }
  info(...args: Args) {
    if (this.#on('info')) this.#real().info(...args);
  }
  debug(...args: Args) {
    if (this.#on('debug')) this.#real().debug(...args);
  }
  trace(...args: Args) {
    if (this.#on('trace')) this.#real().trace(...args);
  }
  silent() {}
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
}

/** Fastify's childLoggerFactory. */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger =>
  new LazyRequestLogger(logger, bindings, options);
