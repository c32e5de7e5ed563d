import type { FastifyRequest } from 'fastify'
import { ForbiddenError, InvalidRequestError, UnauthorizedError } from 'platform'
import type { ServiceContext } from '../context.js'
import { checkActOnBehalf } from '../identity/authorizations/service.js'
import type { Permission } from '../identity/permissions.js'

/** Who is calling, for which account: set on every request under `/accounts/{accountId}`. */
export interface Principal {
  userId: string
  accountId: string
  permissions: Set<Permission>
  /** The integration key the access token was issued to (the web app's is `INKWELL_APP_CLIENT_ID`). */
  integrationKeyId: string
  /**
   * Set when the request carried `X-DocuSign-Act-On-Behalf` and was allowed: the agent who is acting, while
   * `userId` is the principal the request is served as. Audit events name the agent (identity/authorizations).
   */
  actingAgentUserId?: string
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
    const principalUserId = request.headers[ACT_ON_BEHALF]
    if (principalUserId === undefined) {
      request.principal = {
        userId: token.userId,
        accountId,
        permissions: membership.permissions,
        integrationKeyId: token.integrationKeyId,
      }
      return
    }
    request.principal = await actOnBehalf(ctx, request, {
      accountId,
      agentUserId: token.userId,
      agentPermissions: membership.permissions,
      integrationKeyId: token.integrationKeyId,
      principalUserId,
      now,
    })
  }
}

const ACT_ON_BEHALF = 'x-docusign-act-on-behalf'
const ACCOUNT_PARAM = '/accounts/:accountId'

/**
 * The one place a request switches to another user (DocuSign's shared access): served as the principal only
 * when the caller holds an authorization in force from them in this account that allows this request
 * (identity/authorizations/rules.ts). The permissions are those both users hold, so acting on behalf never
 * gives the agent more than their own membership nor more than the principal's.
 */
async function actOnBehalf(
  ctx: ServiceContext,
  request: FastifyRequest,
  input: {
    accountId: string
    agentUserId: string
    agentPermissions: Set<Permission>
    integrationKeyId: string
    principalUserId: string | string[]
    now: number
  },
): Promise<Principal> {
  const given = input.principalUserId
  if (typeof given !== 'string' || given.trim() === '') {
    throw new InvalidRequestError('X-DocuSign-Act-On-Behalf must name one user id')
  }
  const principalUserId = given.trim()
  // The matched route's pattern, not the raw URL: percent-encoding cannot make a path look like another.
  const pattern = request.routeOptions.url ?? ''
  const at = pattern.indexOf(ACCOUNT_PARAM)
  const path = at < 0 ? pattern : pattern.slice(at + ACCOUNT_PARAM.length) || '/'
  await checkActOnBehalf(
    ctx.db,
    {
      accountId: input.accountId,
      agentUserId: input.agentUserId,
      principalUserId,
      method: request.method,
      path,
    },
    input.now,
  )
  const principal = await ctx.memberships.find(input.accountId, principalUserId, input.now)
  if (!principal)
    throw new ForbiddenError(`The user ${principalUserId} is not a member of account ${input.accountId}`)
  const permissions = new Set([...principal.permissions].filter((held) => input.agentPermissions.has(held)))
  const served = {
    userId: principalUserId,
    accountId: input.accountId,
    permissions,
    integrationKeyId: input.integrationKeyId,
  }
  return principalUserId === input.agentUserId ? served : { ...served, actingAgentUserId: input.agentUserId }
}

/** preHandler for routes that need a permission beyond membership. */
export function requirePermission(permission: Permission) {
  return async function checkPermission(request: FastifyRequest) {
    if (!request.principal.permissions.has(permission)) {
      throw new ForbiddenError(`The user lacks the ${permission} permission on this account`)
    }
  }
}
