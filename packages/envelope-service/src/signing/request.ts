import { Type } from '@sinclair/typebox'
import { AUTH_TOKEN_HEADER } from './auth/schema.js'
import type { Client } from './records/model.js'
import { SIGNING_TOKEN_HEADER } from './schema.js'

/** The signing token, and the auth session of a recipient who passed its access code or SMS code. */
export const Headers = Type.Object({
  [SIGNING_TOKEN_HEADER]: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  [AUTH_TOKEN_HEADER]: Type.Optional(
    Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  ),
})

export function clientOf(request: {
  ip: string
  headers: Record<string, string | string[] | undefined>
}): Client {
  const agent = request.headers['user-agent']
  return { ipAddress: request.ip, userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, 500) ?? '' }
}
