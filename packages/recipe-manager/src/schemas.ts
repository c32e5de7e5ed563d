import { Type } from '@sinclair/typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ErrorKind, InvalidRequestError, statusOfKind } from 'platform'
import { RECIPE_ERROR_CODES } from './errors.js'
import { ProblemSchema } from './problem.js'

/** A positive database id in a path: `abc`, `0`, `-1`, `1.5` and ids beyond 2^53 are 400. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Numeric id' })

export const IdParams = Type.Object({ id: Id })

export const SuccessResponse = Type.Object({ success: Type.Literal(true) })

const errorCodes = [...RECIPE_ERROR_CODES, ...(Object.keys(statusOfKind) as ErrorKind[])]

export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: 'What went wrong, in English, naming the offending field' }),
  code: Type.Unsafe<(typeof errorCodes)[number]>({
    type: 'string',
    enum: errorCodes,
    description:
      'What went wrong, as data: `invalid` (see `problems`), `unknown_tag`, `tag_name_taken`, `url_invalid`, `url_refused` (a private or loopback address), `fetch_failed`, `fetch_timeout`, `fetch_too_large`, `fetch_status`, `fetch_redirects`, `no_recipe`, `image_unreadable`, `image_too_large`, `archive_too_large` (an export file that unpacks to more than 256 MiB); otherwise the kind of failure (`invalid_request`, `not_found`, `conflict`, `payload_too_large`, `unsupported_media_type`, `internal`, ...)',
  }),
  problems: Type.Optional(
    Type.Array(ProblemSchema, { description: 'With `invalid`: each rule the body breaks, as data' }),
  ),
})

/** The error responses a route documents, e.g. `errorResponses(400, 404)`. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse]))

/**
 * Path ids are written in decimal digits only. Query and path values are coerced before validation,
 * which would read `0x10` or `1e3` as numbers, so the raw text is checked first (a preValidation hook;
 * a callback one, as every request runs it and an async hook costs each a promise and a microtask turn).
 */
export function rejectNonDecimalIds(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const id = (request.params as { id?: unknown }).id
  done(
    typeof id === 'string' && !/^[1-9][0-9]*$/.test(id)
      ? new InvalidRequestError('id must be a positive integer')
      : undefined,
  )
}

/** Sends JSON that was serialized earlier (by this route's `reply.serialize`), as is. */
export function sendSerialized(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json)
}
