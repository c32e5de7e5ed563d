import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, type ErrorKind, statusOfKind } from '../errors.js'

/** What a service needs to render any failure in its own wire shape. */
export interface DescribedError {
  statusCode: number
  kind: ErrorKind
  /** Service-specific code given by the thrower, if any. */
  errorCode: string | undefined
  /** Safe to show to the client: never a stack trace, SQL or secret. */
  message: string
  headers: Record<string, string>
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
    }
  }
  return {
    statusCode: 500,
    kind: 'internal',
    errorCode: undefined,
    message: 'An unexpected error occurred; it has been logged',
    headers: {},
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
 * One place where failures become HTTP responses. 5xx are logged with the request id and never
 * described to the client; 4xx are logged at debug level only.
 */
export function installErrorHandling(app: FastifyInstance, render: ErrorBodyRenderer): void {
  app.setErrorHandler((error, request, reply) => {
    const described = describeError(error)
    if (described.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.debug({ err: error }, 'request rejected')
    return send(reply, described, render(described, request))
  })
  app.setNotFoundHandler((request, reply) => {
    const described: DescribedError = {
      statusCode: 404,
      kind: 'not_found',
      errorCode: undefined,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      headers: {},
    }
    return send(reply, described, render(described, request))
  })
}

function send(reply: FastifyReply, described: DescribedError, body: unknown) {
  return reply.code(described.statusCode).headers(described.headers).send(body)
}
