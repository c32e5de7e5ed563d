/**
 * Failures the client raises. Each carries what a caller needs to show or decide: the HTTP status and the
 * service's own error body, never a bare "request failed".
 */

/** A REST call answered with an unexpected status (endpoint 1 rule 3: anything other than 201 on create). */
export class EnvelopeApiError extends Error {
  override readonly name = 'EnvelopeApiError'
  constructor(
    readonly status: number,
    /** `errorCode` from the body, e.g. `INVALID_REQUEST_PARAMETER`; `UNKNOWN` when the body had none. */
    readonly errorCode: string,
    readonly detail: string,
    /** The raw response body, as received. */
    readonly body: string,
  ) {
    super(`${status} ${errorCode}: ${detail}`)
  }

  static fromResponse(status: number, body: string): EnvelopeApiError {
    const parsed = parseJsonObject(body)
    const errorCode = typeof parsed?.errorCode === 'string' ? parsed.errorCode : 'UNKNOWN'
    const message =
      typeof parsed?.message === 'string' ? parsed.message : body.slice(0, 500) || '(empty body)'
    return new EnvelopeApiError(status, errorCode, message, body)
  }
}

/** The identity endpoint refused the JWT assertion (`{error, error_description}` on 400). */
export class TokenExchangeError extends Error {
  override readonly name = 'TokenExchangeError'
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`token exchange failed with ${status} ${error}${description ? ` (${description})` : ''}`)
  }

  static fromResponse(status: number, body: string): TokenExchangeError {
    const parsed = parseJsonObject(body)
    return new TokenExchangeError(
      status,
      typeof parsed?.error === 'string' ? parsed.error : 'unknown_error',
      typeof parsed?.error_description === 'string' ? parsed.error_description : body.slice(0, 500),
    )
  }
}

/** No complete response within the call's time-out (120 s for envelope creation). */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError'
  constructor(
    readonly method: string,
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${url} timed out after ${timeoutMs} ms`)
  }
}

export function parseJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
