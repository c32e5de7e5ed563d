import formbody from '@fastify/formbody'
import type { FastifyError } from 'fastify'
import { type App, describeError } from 'platform'
import type { ServiceContext } from '../context.js'
import { authorizationCodeRoutes } from './authorization-code/routes.js'
import {
  AUTHORIZATION_CODE_GRANT,
  codeGrantToken,
  REFRESH_TOKEN_GRANT,
} from './authorization-code/token-endpoint.js'
import { ensureFirstPartyClient } from './clients/service.js'
import { consoleSessionRoutes } from './console-view/routes.js'
import { identityHosts } from './hosts.js'
import { JWT_BEARER_GRANT_TYPE, verifyJwtBearerAssertion } from './jwt-grant.js'
import { OAuthError } from './oauth-error.js'
import { OAuthErrorBody, TokenRequest, TokenResponse, UserInfo } from './schema.js'
import { describeUser } from './service.js'
import { createIssuerStore } from './signing-keys.js'
import { issueAccessToken } from './tokens/service.js'
import { passwordRoutes } from './users/routes.js'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * The identity host: `POST /oauth/token` (JWT bearer grant) and `GET /oauth/userinfo`. Its own
 * encapsulated scope: form bodies only, and RFC 6749 error bodies instead of the REST error shape.
 */
export async function identityRoutes(app: App, ctx: ServiceContext) {
  const issuers = createIssuerStore(ctx.db)
  const audiences = identityHosts(ctx.publicUrl, ctx.config.IDENTITY_HOSTS)

  await ensureFirstPartyClient(ctx.db)
  app.removeAllContentTypeParsers()
  await app.register(formbody)
  app.setErrorHandler((error, request, reply) => {
    const failure = toOAuthError(error)
    if (failure.statusCode >= 500) request.log.error({ err: error }, 'identity request failed')
    if (failure.statusCode === 401) {
      const scheme =
        failure.error === 'invalid_client' ? 'Basic realm="oauth"' : `Bearer error="${failure.error}"`
      reply.header('www-authenticate', scheme)
    }
    return reply
      .code(failure.statusCode)
      .send({ error: failure.error, error_description: failure.description })
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('pragma', 'no-cache')
  })

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Identity'],
        summary: 'Exchange a JWT bearer assertion, an authorization code or a refresh token for tokens',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: { 200: TokenResponse, 400: OAuthErrorBody, 401: OAuthErrorBody },
      },
    },
    async (request, reply) => {
      const { grant_type: grantType, assertion } = request.body
      if (grantType === AUTHORIZATION_CODE_GRANT || grantType === REFRESH_TOKEN_GRANT) {
        return codeGrantToken(ctx, request, reply, request.body)
      }
      if (grantType !== JWT_BEARER_GRANT_TYPE) {
        throw new OAuthError(
          'unsupported_grant_type',
          `Supported grant types: ${JWT_BEARER_GRANT_TYPE}, ${AUTHORIZATION_CODE_GRANT}, ${REFRESH_TOKEN_GRANT}`,
        )
      }
      if (!assertion) throw new OAuthError('invalid_request', 'assertion is required')
      const grant = await verifyJwtBearerAssertion(assertion, {
        db: ctx.db,
        issuers,
        identityHosts: audiences,
        now: ctx.now(),
      })
      const token = await issueAccessToken(ctx.db, grant, ctx.now())
      return { access_token: token.accessToken, token_type: 'Bearer' as const, expires_in: token.expiresIn }
    },
  )

  await authorizationCodeRoutes(app, ctx)
  await consoleSessionRoutes(app, ctx)
  await passwordRoutes(app, ctx)

  app.get(
    '/oauth/userinfo',
    {
      schema: {
        tags: ['Identity'],
        summary: 'The user behind an access token and the accounts they belong to',
        security: [{ bearer: [] }],
        response: { 200: UserInfo, 401: OAuthErrorBody },
      },
    },
    async (request) => {
      const match = BEARER.exec(request.headers.authorization ?? '')
      if (!match) throw new OAuthError('invalid_token', 'A Bearer access token is required', 401)
      const token = await ctx.tokens.verify(match[1] as string, ctx.now())
      const user = token && (await describeUser(ctx.db, token.userId, ctx.publicUrl))
      if (!user) throw new OAuthError('invalid_token', 'The access token is invalid or has expired', 401)
      return user
    },
  )
}

/** Anything thrown in this scope as an OAuth error: client mistakes are `invalid_request`, never details of 5xx. */
function toOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error
  const described = describeError(error as FastifyError)
  if (described.statusCode < 500) return new OAuthError('invalid_request', described.message)
  return new OAuthError('server_error', 'The request could not be processed', 500)
}
