import type { FastifyBaseLogger } from 'fastify'

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1]
/** What a pino logger has beyond Fastify's base logger type. */
type PinoLogger = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean
  bindings(): Record<string, unknown>
}

/**
 * A request's logger that becomes a pino child (with the request id bound) only when something is
 * logged at a level the service writes. Fastify gives every request a child logger, and pino serialises
 * a child's bindings when it is made: about 3.5% of a template get served at `LOG_LEVEL=warn`, where a
 * successful request logs nothing (BENCHMARKS.md, "Template get, third pass"). Methods live on the
 * prototype so that a request allocates one small object.
 */
class LazyChildLogger {
  readonly #parent: PinoLogger
  readonly #bindings: Record<string, unknown>
  #child: PinoLogger | undefined

  constructor(parent: PinoLogger, bindings: Record<string, unknown>) {
    this.#parent = parent
    this.#bindings = bindings
  }

  #real(): PinoLogger {
    this.#child ??= this.#parent.child(this.#bindings) as PinoLogger
    return this.#child
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return
    const real = this.#real()
    ;(real[level] as (...values: unknown[]) => void).apply(real, args)
  }

  get level(): string {
    return (this.#child ?? this.#parent).level
  }

  set level(level: string) {
    this.#real().level = level
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level)
  }

  bindings(): Record<string, unknown> {
    return this.#child ? this.#child.bindings() : { ...this.#parent.bindings(), ...this.#bindings }
  }

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options)
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args)
  }
  error(...args: unknown[]): void {
    this.#write('error', args)
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args)
  }
  info(...args: unknown[]): void {
    this.#write('info', args)
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args)
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args)
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for a request without log options of its own; a route
 * with its own level or serialisers gets pino's child at once, as Fastify would make it.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  for (const _ in options) return logger.child(bindings, options)
  // Logging disabled (`logLevel: false`): Fastify's no-op logger, whose child is itself, is not pino.
  if (typeof (logger as Partial<PinoLogger>).isLevelEnabled !== 'function')
    return logger.child(bindings, options)
  return new LazyChildLogger(logger as PinoLogger, bindings) as unknown as FastifyBaseLogger
}
