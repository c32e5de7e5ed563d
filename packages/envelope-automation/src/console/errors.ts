import { AppError, type DescribedError, InvalidRequestError } from 'platform'
import { SettingsError } from '../cli/settings.js'
import { AutomationInputError } from '../errors.js'

/**
 * The console API's error body on every 4xx and 5xx: `{error, code}`, a sentence for logs and scripts and a
 * code the page shows in the reader's language.
 */
export function renderConsoleError(error: DescribedError) {
  return { error: error.message, code: error.errorCode ?? error.kind }
}

/**
 * The library's own failures in HTTP terms: input the automation refuses is the user's to fix (400); missing
 * envelope service settings are the operator's (503, with what to do). Anything else passes through.
 */
export function asHttpError(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof AutomationInputError) return new InvalidRequestError(error.message, { cause: error })
  if (error instanceof SettingsError) return new AppError('unavailable', error.message, { cause: error })
  return error
}
