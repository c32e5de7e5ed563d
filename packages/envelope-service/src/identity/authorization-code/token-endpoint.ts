import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ServiceContext } from '../../context.js'
import { findClient, type OAuthClient } from '../clients/repository.js'
import { secretKeyMatches } from '../clients/service.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { OAuthError } from '../oauth-error.js'
import { isFirstPartyAppRequest, readCookie, SESSION_COOKIE, setSessionCookies } from '../sessions/cookie.js'
import { type CodeTokens, exchangeAuthorizationCode, refreshTokens } from './grant.js'

export const AUTHORIZATION_CODE_GRANT = 'authorization_code'
export const REFRESH_TOKEN_GRANT = 'refresh_token'

export interface CodeGrantForm {
  grant_type: string
  code?: string | undefined
  redirect_uri?: string | undefined
  code_verifier?: string | undefined
  refresh_token?: string | undefined
  client_id?: string | undefined
}

const BASIC = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i
const invalidClient = (description: string) => new OAuthError('invalid_client', description, 401)

/**
 * The client of a token request: a confidential client by HTTP Basic `integrationKey:secretKey`, a public
 * client by `client_id` in the form (it proves itself with PKCE instead).
 */
async function authenticateClient(ctx: ServiceContext, request: FastifyRequest, form: CodeGrantForm) {
  const basic = BASIC.exec(request.headers.authorization ?? '')
  if (basic) {
    const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8')
    const separator = decoded.indexOf(':')
    if (separator < 0) throw invalidClient('The Basic credentials must be integrationKey:secretKey')
    const id = decoded.slice(0, separator)
    const client = await findClient(ctx.db, id)
    if (!client?.enabled) throw invalidClient('The integration key is unknown or disabled')
    if (!(await secretKeyMatches(ctx.db, id, decoded.slice(separator + 1)))) {
      throw invalidClient('The secret key is not right')
    }
    return client
  }
  if (!form.client_id) throw invalidClient('Client authentication is required (HTTP Basic or client_id)')
  const client = await findClient(ctx.db, form.client_id)
  if (!client?.enabled) throw invalidClient('The integration key is unknown or disabled')
  if (client.kind !== 'public')
    throw invalidClient('This integration key must authenticate with its secret key')
  return client
}

/**
 * `grant_type=authorization_code` and `grant_type=refresh_token`. For the first-party app the refresh
 * token travels only in the `inkwell_session` cookie: it is set here instead of returned, and a refresh
 * without `refresh_token` reads it, provided the request comes from the app's own page.
 */
export async function codeGrantToken(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: CodeGrantForm,
) {
  const now = ctx.now()
  let client: OAuthClient
  let tokens: CodeTokens
  if (form.grant_type === AUTHORIZATION_CODE_GRANT) {
    if (!form.code) throw new OAuthError('invalid_request', 'code is required')
    client = await authenticateClient(ctx, request, form)
    tokens = await exchangeAuthorizationCode(
      ctx.db,
      {
        clientId: client.id,
        code: form.code,
        redirectUri: form.redirect_uri,
        codeVerifier: form.code_verifier,
      },
      now,
    )
  } else {
    let refreshToken = form.refresh_token
    if (refreshToken) {
      client = await authenticateClient(ctx, request, form)
    } else {
      const fromCookie = isFirstPartyAppRequest(request) ? readCookie(request, SESSION_COOKIE) : undefined
      if (!fromCookie) throw new OAuthError('invalid_request', 'refresh_token is required')
      refreshToken = fromCookie
      client = { id: INKWELL_APP_CLIENT_ID } as OAuthClient
    }
    tokens = await refreshTokens(ctx.db, { clientId: client.id, refreshToken }, now)
  }
  const body = {
    access_token: tokens.accessToken,
    token_type: 'Bearer' as const,
    expires_in: tokens.expiresIn,
    scope: tokens.scopes.join(' '),
  }
  if (client.id === INKWELL_APP_CLIENT_ID) {
    setSessionCookies(request, reply, tokens.refreshToken, (tokens.refreshExpiresAt - now) / 1000)
    return body
  }
  return { ...body, refresh_token: tokens.refreshToken }
}
