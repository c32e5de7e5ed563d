import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, type ErrorKind, statusOfKind } from '../errors.js'
import { noteFailure } from './logging.js'

/** What a service needs to render any failure in its own wire shape. */
export interface DescribedError {
  statusCode: number
  kind: ErrorKind
  /** Service-specific code given by the thrower, if any. */
  errorCode: string | undefined
  /** Safe to show to the client: never a stack trace, SQL or secret. */
  message: string
  headers: Record<string, string>
  /** Extra fields the thrower gave for the wire shape (AppErrorOptions.details); `{}` when none. */
  details: Readonly<Record<string, unknown>>
}

const kindOfStatus = (status: number): ErrorKind =>
  (Object.entries(statusOfKind).find(([, code]) => code === status)?.[0] as ErrorKind | undefined) ??
  (status >= 500 ? 'internal' : 'invalid_request')

/** Maps anything thrown while handling a request to a client-safe description. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      kind: error.kind,
      errorCode: error.errorCode,
      message: error.message,
      headers: error.headers,
      details: error.details,
    }
  }
  const fastifyError = error as Partial<FastifyError>
  const status = fastifyError.statusCode
  // Fastify's own client errors (malformed JSON, body too large, bad content type) are safe to describe.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      statusCode: status,
      kind: kindOfStatus(status),
      errorCode: undefined,
      message: clientErrorMessage(fastifyError),
      headers: {},
      details: {},
    }
  }
  return {
    statusCode: 500,
    kind: 'internal',
    errorCode: undefined,
    message: 'An unexpected error occurred; it has been logged',
    headers: {},
    details: {},
  }
}

function clientErrorMessage(error: Partial<FastifyError>): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty but Content-Type is application/json'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type; send application/json`
    default:
      if (error.name === 'SyntaxError') return `Request body is not valid JSON: ${error.message}`
      return error.message ?? 'Bad request'
  }
}

export type ErrorBodyRenderer = (error: DescribedError, request: FastifyRequest) => unknown

/**
 * One place where failures become HTTP responses. The access log (logging.ts) writes the line: 4xx with
 * the error code the client got, 5xx at error level with the exception, which is never described to the
 * client.
 */
export function installErrorHandling(app: FastifyInstance, render: ErrorBodyRenderer): void {
  app.setErrorHandler((error, request, reply) => {
    const described = describeError(error)
    const body = render(described, request)
    // A refusal the service chose (kind `unavailable`: busy, shutting down) has no exception to log.
    const failed = described.statusCode >= 500 && !(error instanceof AppError && error.kind === 'unavailable')
    noteFailure(request, codeOf(described, body), failed ? error : undefined)
    return send(reply, described, body)
  })
  app.setNotFoundHandler((request, reply) => {
    const described: DescribedError = {
      statusCode: 404,
      kind: 'not_found',
      errorCode: undefined,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      headers: {},
      details: {},
    }
    const body = render(described, request)
    noteFailure(request, codeOf(described, body))
    return send(reply, described, body)
  })
}

/** The code the client sees when its wire shape has one (DocuSign's `errorCode`), else the error's kind. */
function codeOf(described: DescribedError, body: unknown): string {
  const rendered = (body as { errorCode?: unknown } | null)?.errorCode
  return typeof rendered === 'string' ? rendered : (described.errorCode ?? described.kind)
}

function send(reply: FastifyReply, described: DescribedError, body: unknown) {
  return reply.code(described.statusCode).headers(described.headers).send(body)
}
