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
import { installValidators } from './validation.js'

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
  /** Largest accepted request body in bytes. */
  bodyLimit: number
  renderError: ErrorBodyRenderer
  /** TLS certificate and key (PEM) to serve HTTPS. */
  https?: { cert: Buffer | string; key: Buffer | string }
}

/**
 * A Fastify instance with the conventions every service shares: TypeBox types, strict body
 * validation with field-naming messages, one error renderer, request ids, redacted logs, and a JSON
 * parser that treats an empty body as absent (SDKs send `Content-Type: application/json` on bodiless calls).
 */
export function createApp(options: CreateAppOptions): App {
  const app = Fastify({
    logger:
      options.logLevel === false
        ? false
        : { level: options.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: options.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Per-request access logs only at debug/trace: at info they would cost more than most handlers.
    logController: new LogController({
      disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace',
    }),
    // Requests that arrive while closing get our own 503 (below), in the service's error shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    ...(options.https ? { https: options.https } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App

  installValidators(app)
  installErrorHandling(app, options.renderError)

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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (closing) {
      throw new AppError('unavailable', 'The service is shutting down; retry shortly', {
        headers: { 'retry-after': '1' },
      })
    }
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  return app
}
