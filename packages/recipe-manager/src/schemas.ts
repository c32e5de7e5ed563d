import { Type } from '@sinclair/typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { InvalidRequestError } from 'platform'

/** A positive database id in a path: `abc`, `0`, `-1`, `1.5` and ids beyond 2^53 are 400. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Numeric id' })

export const IdParams = Type.Object({ id: Id })

export const SuccessResponse = Type.Object({ success: Type.Literal(true) })

export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: 'What went wrong, naming the offending field' }),
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
