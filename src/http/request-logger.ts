import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import type { Level, Logger } from 'pino';

type LogCall = (...args: unknown[]) => void;

/**
 * `request.log`, made into a pino child (bound to the request id) only when something logs through
 * it: errors and warnings, a few requests in a thousand. Fastify made the child for every request,
 * and a child's bindings go through the redaction pass, about 3 % of a cached read's CPU. The access
 * line does not use it (app.ts). Besides Fastify's logger interface it answers the pino calls the
 * service's request type allows (isLevelEnabled, bindings).
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): Logger {
    return (this.#child ??= this.parent.child(this.childBindings, this.options) as Logger);
  }

  private write(level: Level, args: unknown[]): void {
    (this.real[level] as LogCall)(...args);
  }

  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  isLevelEnabled(level: string): boolean {
    return this.real.isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.real.bindings();
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, built on first use. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}
