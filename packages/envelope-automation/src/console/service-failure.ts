import { EnvelopeApiError, RequestTimeoutError, TokenExchangeError } from '../client/errors.js'
import type { ServiceFailure } from './schema.js'

/**
 * A failure of the envelope service (or of reaching it) as the console answers it: 502, or 504 for the
 * client's time-out, with the service's own status code and message so the page can show them.
 */
export function serviceFailure(error: unknown): { status: 502 | 504; body: ServiceFailure } | undefined {
  if (error instanceof EnvelopeApiError) {
    return {
      status: 502,
      body: {
        error: `the envelope service answered ${error.status} ${error.errorCode}: ${error.detail}`,
        serviceStatus: error.status,
        errorCode: error.errorCode,
        message: error.detail,
      },
    }
  }
  if (error instanceof TokenExchangeError) {
    return {
      status: 502,
      body: {
        error: error.message,
        serviceStatus: error.status,
        errorCode: error.error,
        message: error.description,
      },
    }
  }
  if (error instanceof RequestTimeoutError) {
    return {
      status: 504,
      body: { error: error.message, serviceStatus: null, errorCode: 'TIMEOUT', message: error.message },
    }
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ECONNRESET') {
    const message = `the envelope service cannot be reached (${(error as Error).message})`
    return { status: 502, body: { error: message, serviceStatus: null, errorCode: code, message } }
  }
  return undefined
}
