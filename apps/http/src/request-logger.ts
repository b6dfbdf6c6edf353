import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`request.log`) that becomes a pino child only when it writes a line. Fastify
 * makes one per request; a real child serialises its bindings (through the redaction) at once,
 * while most requests never log through it (the request line has a logger of its own).
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): LevelWithSilentOrString {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.child().level = level;
  }

  get msgPrefix(): string | undefined {
    return this.parent.msgPrefix;
  }

  isLevelEnabled(level: string): boolean {
    const values = this.parent.levels.values;
    const threshold = values[this.level];
    const value = values[level];
    return value !== undefined && threshold !== undefined && value >= threshold;
  }

  private write(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    const write: (...line: unknown[]) => void = this.child()[level];
    write.apply(this.real, args);
  }

  // Methods, not per-instance closures: one of these objects is made for every request.
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {
    // writes nothing, as pino's silent level
  }

  child(bindings?: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return bindings === undefined ? this.real : this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made real on its first line. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // No logger configured: Fastify's silent stand-in, whose children are itself.
  if (!('levels' in logger)) return logger;
  const parent = logger as unknown as Logger;
  return new LazyChildLogger(parent, bindings, options);
}
