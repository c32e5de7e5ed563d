import { randomUUID } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify'
import { AppError } from '../errors.js'
import { type ErrorBodyRenderer, installErrorHandling } from './error-handler.js'
import { installFavicon } from './favicon.js'
import { installHtmlPolicy } from './html-policy.js'
import { installLargeBodyGate } from './large-bodies.js'
import { lazyChildLoggerFactory } from './lazy-child-logger.js'
import { type HttpLimits, httpLimitsFromEnvironment, rememberLimits, serverOptionsOf } from './limits.js'
import { defaultLogFormat, installAccessLog, type LogFormat, prettyStream } from './logging.js'
import { lazySerializers } from './serialization.js'
import type { TrustProxy } from './trust-proxy.js'
import { installUnreadBodyDiscard } from './unread-bodies.js'
import { installValidators } from './validation.js'

/** A request id a client may choose: at most 128 characters that need no escaping in a log or a header. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** A Fastify instance typed by TypeBox schemas; plugins and routes take this. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

export interface CreateAppOptions {
  /** pino level, or false to disable logging (tests). */
  logLevel: string | false
  /** Readable lines or JSON lines; by default readable on a terminal only (`LOG_FORMAT`). */
  logFormat?: LogFormat | undefined
  /** Where log lines go; stdout by default. Tests read them from here. */
  logStream?: NodeJS.WritableStream
  /** Largest accepted request body in bytes. */
  bodyLimit: number
  renderError: ErrorBodyRenderer
  /** TLS certificate and key (PEM) to serve HTTPS. */
  https?: { cert: Buffer | string; key: Buffer | string }
  /** Timeouts and large-body concurrency (limits.ts); by default read from the environment. */
  limits?: HttpLimits
  /**
   * How much of a body answered before it was read (413, a refusal) is read and discarded so the client
   * sees the answer (unread-bodies.ts); by default twice the body limit, at least 16 MiB.
   */
  discardLimitBytes?: number
  /**
   * Which proxies' `X-Forwarded-*` headers to believe (`parseTrustProxy`), so `request.ip` is the client's
   * behind them; none by default.
   */
  trustProxy?: TrustProxy
}

/**
 * A Fastify instance with the conventions every service shares: TypeBox types, strict body
 * validation with field-naming messages, one error renderer, request ids, redacted logs, and a JSON
 * parser that treats an empty body as absent (SDKs send `Content-Type: application/json` on bodiless calls).
 */
export function createApp(options: CreateAppOptions): App {
  const format = options.logFormat ?? defaultLogFormat()
  const limits = options.limits ?? httpLimitsFromEnvironment()
  const serverOptions = serverOptionsOf(limits)
  const trustProxy = options.trustProxy ?? false
  const app = Fastify({
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(format === 'pretty'
              ? { stream: prettyStream(options.logStream ?? process.stdout) }
              : options.logStream
                ? { stream: options.logStream }
                : {}),
          },
    bodyLimit: options.bodyLimit,
    // A hop count as Fastify reads one at run time (its types leave numbers out): the nearest `n` proxies.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // The client's id is kept only when it is short and plain, so it cannot forge or flood log lines.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID()
    },
    childLoggerFactory: lazyChildLoggerFactory,
    // Fastify's two lines per request give way to one access-log line written when the response is sent.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests that arrive while closing get our own 503 (below), in the service's error shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Slow clients (slowloris) are cut at these timeouts instead of Node's 300 s default (limits.ts).
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    ...(options.https ? { https: { ...serverOptions, ...options.https } } : { http: serverOptions }),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App

  rememberLimits(app, limits)
  installValidators(app)
  installErrorHandling(app, options.renderError)
  installAccessLog(app)
  installHtmlPolicy(app)
  installFavicon(app)

  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })

  // During shutdown, requests already in flight complete, later ones on open keep-alive connections are
  // refused with 503, and every response closes its connection so the server can drain.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // Callback hooks rather than async ones: every request runs them, and an async hook costs a promise
  // and a microtask turn each (measured on the template-get benchmark, BENCHMARKS.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    // Browsers must not guess a type (and run a JSON or PDF body as a script); over HTTPS they must come
    // back over HTTPS only.
    reply.header('x-content-type-options', 'nosniff')
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000')
    if (closing) {
      return done(
        new AppError('unavailable', 'The service is shutting down; retry shortly', {
          headers: { 'retry-after': '1' },
        }),
      )
    }
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  installLargeBodyGate(app, {
    largeBodyBytes: limits.largeBodyBytes,
    concurrency: limits.largeBodyConcurrency,
  })
  installUnreadBodyDiscard(app, {
    maxBytes: options.discardLimitBytes ?? Math.max(2 * options.bodyLimit, 16 * 1024 * 1024),
    isClosing: () => closing,
  })
  return app
}
