import type { AppErrorOptions, DescribedError, ErrorKind } from 'platform'
import type { Problem } from './problem.js'

/**
 * What a refusal is, as data, beside its English `error` message: the web app words it in the reader's
 * language, and any client can branch on it without parsing English. Errors thrown without a code of
 * their own carry their kind (`not_found`, `payload_too_large`, ...).
 */
export const RECIPE_ERROR_CODES = [
  /** A body or field breaks the rules; `problems` lists each. */
  'invalid',
  /** A recipe body names a tag that does not exist (or was deleted meanwhile). */
  'unknown_tag',
  /** A tag with that name already exists. */
  'tag_name_taken',
  /** An address to fetch is not an absolute http(s) URL. */
  'url_invalid',
  /** An address to fetch is (or resolves to) a private or loopback one, not fetched unless configured. */
  'url_refused',
  /** The page or image could not be fetched (no such host, connection refused, reset). */
  'fetch_failed',
  /** The page or image did not arrive in time. */
  'fetch_timeout',
  /** The page or image is larger than the import accepts. */
  'fetch_too_large',
  /** The site answered with something other than 200. */
  'fetch_status',
  /** The address redirects too many times. */
  'fetch_redirects',
  /** The page holds no schema.org Recipe. */
  'no_recipe',
  /** The file is not an image this service reads, or could not be decoded. */
  'image_unreadable',
  /** The image has more pixels than the service resizes. */
  'image_too_large',
  /** An export file unpacks to more than the import reads (imports/formats.ts): nothing was imported. */
  'archive_too_large',
] as const

export type RecipeErrorCode = (typeof RECIPE_ERROR_CODES)[number]

/** The options that give an error its code (and any problems), for an AppError's constructor. */
export const coded = (code: RecipeErrorCode, problems?: readonly Problem[]): AppErrorOptions => ({
  errorCode: code,
  ...(problems === undefined ? {} : { details: { problems } }),
})

/** An error body's `code`: the thrower's, or the kind of failure. */
export type RefusalCode = RecipeErrorCode | ErrorKind

/** `{success: false, error, code}` on every 4xx and 5xx, with `problems` on an `invalid` one. */
export function renderRecipeError(error: DescribedError) {
  const problems = error.details.problems as Problem[] | undefined
  return {
    success: false as const,
    error: error.message,
    code: (error.errorCode ?? error.kind) as RefusalCode,
    ...(problems === undefined ? {} : { problems }),
  }
}
