import type { FastifyRequest } from 'fastify'
import { ForbiddenError, UnauthorizedError } from 'platform'
import type { ServiceContext } from '../context.js'
import type { Permission } from '../identity/permissions.js'

/** Who is calling, for which account: set on every request under `/accounts/{accountId}`. */
export interface Principal {
  userId: string
  accountId: string
  permissions: Set<Permission>
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * onRequest hook for account-scoped REST routes: a missing, unknown or expired token is 401
 * USER_AUTHENTICATION_FAILED; a user who is not a member of `{accountId}` is 403 USER_LACKS_PERMISSIONS.
 */
export function authenticateAccountRequest(ctx: ServiceContext) {
  return async function authenticate(request: FastifyRequest) {
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw new UnauthorizedError('Authorization header with a Bearer access token is required')
    const now = ctx.now()
    // The caches are read first so that a cached call awaits nothing (BENCHMARKS.md, template get).
    const given = match[1] as string
    const token = ctx.tokens.cached(given, now) ?? (await ctx.tokens.verify(given, now))
    if (!token) throw new UnauthorizedError('The access token is invalid or has expired')
    const { accountId } = request.params as { accountId: string }
    const known = ctx.memberships.cached(accountId, token.userId, now)
    const membership = known ? known.membership : await ctx.memberships.find(accountId, token.userId, now)
    if (!membership) throw new ForbiddenError(`The user is not a member of account ${accountId}`)
    request.principal = { userId: token.userId, accountId, permissions: membership.permissions }
  }
}

/** preHandler for routes that need a permission beyond membership. */
export function requirePermission(permission: Permission) {
  return async function checkPermission(request: FastifyRequest) {
    if (!request.principal.permissions.has(permission)) {
      throw new ForbiddenError(`The user lacks the ${permission} permission on this account`)
    }
  }
}
