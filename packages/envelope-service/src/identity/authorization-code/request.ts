import type { OAuthClient } from '../clients/repository.js'
import { KNOWN_SCOPES } from '../jwt-grant.js'
import { isWellFormedChallenge } from './pkce.js'
import { redirectUriAllowed } from './redirect.js'

/** The query of `GET /oauth/auth`, also carried by the sign-in and consent forms. */
export interface AuthorizeParams {
  response_type?: string | undefined
  scope?: string | undefined
  client_id?: string | undefined
  redirect_uri?: string | undefined
  state?: string | undefined
  code_challenge?: string | undefined
  code_challenge_method?: string | undefined
}

export interface AuthorizeRequest {
  client: OAuthClient
  redirectUri: string
  scopes: string[]
  state: string | undefined
  codeChallenge: string | undefined
}

/**
 * The verdict on an authorization request. Until client and redirect URI are known good, a refusal is a
 * page of this service (never a redirect to an unverified URI, RFC 6749 4.1.2.1); after that, the client
 * learns of it at its redirect URI.
 */
export type AuthorizeCheck =
  | { kind: 'page-error'; reason: 'unknown_client' | 'invalid_redirect_uri' }
  | {
      kind: 'redirect-error'
      redirectUri: string
      state: string | undefined
      error: string
      description: string
    }
  | { kind: 'ok'; request: AuthorizeRequest }

export function checkAuthorizeRequest(
  params: AuthorizeParams,
  client: OAuthClient | undefined,
  requestOrigin: string,
): AuthorizeCheck {
  if (!client?.enabled) return { kind: 'page-error', reason: 'unknown_client' }
  const redirectUri = params.redirect_uri ?? ''
  if (!redirectUriAllowed(client, redirectUri, requestOrigin)) {
    return { kind: 'page-error', reason: 'invalid_redirect_uri' }
  }
  const state = params.state
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    redirectUri,
    state,
    error,
    description,
  })
  if (params.response_type !== 'code')
    return refuse('unsupported_response_type', 'response_type must be code')
  const scopes = [...new Set((params.scope ?? '').split(' ').filter(Boolean))]
  const known = new Set<string>(KNOWN_SCOPES)
  if (!scopes.includes('signature') || scopes.some((scope) => !known.has(scope))) {
    return refuse('invalid_scope', `scope must include signature and only: ${KNOWN_SCOPES.join(', ')}`)
  }
  const challenge = params.code_challenge
  if (challenge !== undefined && challenge !== '') {
    if (params.code_challenge_method !== 'S256') {
      return refuse('invalid_request', 'code_challenge_method must be S256')
    }
    if (!isWellFormedChallenge(challenge)) return refuse('invalid_request', 'code_challenge is malformed')
  } else if (client.kind === 'public') {
    return refuse('invalid_request', 'A public client must send a PKCE code_challenge (S256)')
  }
  return {
    kind: 'ok',
    request: { client, redirectUri, scopes, state, codeChallenge: challenge || undefined },
  }
}
