/**
 * Typed domain errors. Domain code throws these; each service maps them to its wire shape in one place
 * (see http/error-handler.ts). `kind` is the category, `code` an optional service-specific override.
 */
export type ErrorKind =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal'
  | 'unavailable'

export const statusOfKind: Record<ErrorKind, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
}

export interface AppErrorOptions {
  /** Service-specific error code, e.g. `BURST_APIINVOCATION_LIMIT_EXCEEDED`. */
  errorCode?: string
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>
  /** Fields a service's wire shape adds to its message, e.g. the recipe manager's `problems`. */
  details?: Readonly<Record<string, unknown>>
  cause?: unknown
}

export class AppError extends Error {
  readonly kind: ErrorKind
  /** Not `code`: Fastify and Node write their own `code` onto errors that pass through them. */
  readonly errorCode: string | undefined
  readonly headers: Record<string, string>
  readonly details: Readonly<Record<string, unknown>>
  /** A plain field, not a getter: Fastify assigns `statusCode` on validation errors. */
  readonly statusCode: number

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.kind = kind
    this.errorCode = options.errorCode
    this.headers = options.headers ?? {}
    this.details = options.details ?? {}
    this.statusCode = statusOfKind[kind]
  }
}

export class InvalidRequestError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('invalid_request', message, options)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('unauthorized', message, options)
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('forbidden', message, options)
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('not_found', message, options)
  }
}

export class ConflictError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('conflict', message, options)
  }
}

export class RateLimitedError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('rate_limited', message, options)
  }
}

/** The service is at a bound it keeps to stay up (large bodies at once, a full queue); retry later. */
export class ServiceBusyError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super('unavailable', message, options)
  }
}
