import { type App, AppError, type DescribedError, InvalidRequestError } from 'platform'
import { SettingsError } from '../cli/settings.js'
import { EnvelopeApiError, RequestTimeoutError, TokenExchangeError } from '../client/errors.js'
import { AutomationInputError, InvalidPhoneError, MessageLockedError } from '../errors.js'
import type { ServiceFailure } from './schema.js'

/**
 * The console API's error body on every 4xx and 5xx: `{error, code}`, a sentence for logs and scripts and a
 * code the page shows in the reader's language.
 */
export function renderConsoleError(error: DescribedError) {
  return { error: error.message, code: error.errorCode ?? error.kind }
}

/**
 * The one place where the API's failures become HTTP. The envelope service's refusals and failures are 502
 * (504 for the client's time-out) with the service's own status code and message, so the page can show
 * them; the automation's own refusals are 400 (input to fix) or 503 (settings the operator must give); the
 * rest (typed platform errors, validation) goes on to the service-wide handler.
 */
export function handleConsoleApiErrors(scope: App) {
  scope.setErrorHandler((error, _request, reply) => {
    const failure = serviceFailure(error)
    if (failure) return reply.code(failure.status).send(failure.body)
    throw asAppError(error)
  })
}

function asAppError(error: unknown): unknown {
  if (error instanceof MessageLockedError) {
    return new InvalidRequestError(error.message, { errorCode: 'message_locked', cause: error })
  }
  if (error instanceof InvalidPhoneError) {
    return new InvalidRequestError(error.message, { errorCode: 'phone_invalid', cause: error })
  }
  if (error instanceof AutomationInputError) {
    return new InvalidRequestError(error.message, { errorCode: 'invalid_input', cause: error })
  }
  if (error instanceof SettingsError) {
    return new AppError('unavailable', error.message, { errorCode: 'service_not_configured', cause: error })
  }
  return error
}

function serviceFailure(error: unknown): { status: 502 | 504; body: ServiceFailure } | undefined {
  if (error instanceof EnvelopeApiError) {
    return {
      status: 502,
      body: {
        error: `the envelope service answered ${error.status} ${error.errorCode}: ${error.detail}`,
        code: 'service_refused',
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
        code: 'service_refused',
        serviceStatus: error.status,
        errorCode: error.error,
        message: error.description,
      },
    }
  }
  if (error instanceof RequestTimeoutError) {
    return {
      status: 504,
      body: {
        error: error.message,
        code: 'service_timeout',
        serviceStatus: null,
        errorCode: 'TIMEOUT',
        message: error.message,
      },
    }
  }
  const errno = (error as NodeJS.ErrnoException | undefined)?.code
  if (errno === 'ECONNREFUSED' || errno === 'ENOTFOUND' || errno === 'ECONNRESET') {
    const message = `the envelope service cannot be reached (${(error as Error).message})`
    return {
      status: 502,
      body: { error: message, code: 'service_unreachable', serviceStatus: null, errorCode: errno, message },
    }
  }
  return undefined
}
