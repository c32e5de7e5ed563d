import { ApiError } from './api.js'
import type { Messages } from './i18n.js'
import { placeOf } from './problem-place.js'

/**
 * What to tell the reader when a request failed, in their language: each problem of an `invalid` body
 * as the form words it, a refusal by its code, and an unreachable server as such. The API's English
 * message is never shown.
 */
export function refusalText(error: unknown, t: Messages): string {
  if (!(error instanceof ApiError)) return t.networkFailed
  if (error.problems.length > 0) {
    return error.problems.map((problem) => t.problem(problem, placeOf(problem, t).label)).join(' ')
  }
  const worded = t.refused as Partial<Record<string, string>>
  return (error.code && worded[error.code]) || t.refused.other
}
