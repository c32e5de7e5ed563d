import { ApiError } from './api.js'
import type { Dictionary, Language } from './i18n.js'

/** A failure whose message is already in the reader's language (the app's own words). */
export class ShownError extends Error {}

/** A refusal as the service words it: a failed call, or one item's `errorDetails` in a 200's results. */
interface Refused {
  errorCode?: string | undefined
  message?: string | undefined
}

const NOT_FOUND = new Set([
  'ENVELOPE_DOES_NOT_EXIST',
  'RESOURCE_NOT_FOUND',
  'USER_NOT_FOUND',
  'FOLDER_NOT_FOUND',
  'DOCUMENT_DOES_NOT_EXIST',
  'AUTHORIZATION_NOT_FOUND',
])
const RATE_LIMITED = new Set(['BURST_APIINVOCATION_LIMIT_EXCEEDED', 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED'])

/**
 * What to tell the reader when the service refused something. The service's messages are DocuSign's:
 * English sentences written for the person at the screen, so an English reader gets them as they are.
 * A reader of another language gets the refusal worded by its `errorCode`, or a general sentence in
 * their language, never the English. A call that never reached the service is `failed`.
 */
export function refusalText(refusal: unknown, language: Language, t: Dictionary): string {
  if (refusal instanceof ShownError) return refusal.message
  const refused: Refused | undefined =
    refusal instanceof ApiError
      ? { errorCode: refusal.errorCode, message: refusal.message }
      : refusal instanceof Error || typeof refusal !== 'object' || refusal === null
        ? undefined
        : (refusal as Refused)
  if (!refused) return t.failed
  if (language === 'en' && refused.message) return refused.message
  const code = refused.errorCode ?? ''
  if (NOT_FOUND.has(code)) return t.refused.notFound
  if (RATE_LIMITED.has(code)) return t.refused.tooManyRequests
  return t.refused[code] ?? t.refused.other
}
