import { compactVerify, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose'
import type { DbOrTx } from '../database.js'
import { invalidGrant, OAuthError } from './oauth-error.js'
import { findConsentScopes, findUser } from './repository.js'
import type { IssuerStore, VerificationKey } from './signing-keys.js'

export const JWT_BEARER_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
/** Scopes an integration key may request and a user may consent to. */
export const KNOWN_SCOPES = ['signature', 'impersonation', 'extended'] as const
export const MAX_ASSERTION_LIFETIME_SECONDS = 3600
/** How far `iat` may lie in the future, for clients whose clocks run ahead. */
export const MAX_ISSUED_AT_SKEW_SECONDS = 60

export interface GrantDependencies {
  db: DbOrTx
  issuers: IssuerStore
  /** Accepted `aud` values: bare `host[:port]`, lower case. */
  identityHosts: ReadonlySet<string>
  now: number
}

export interface Grant {
  userId: string
  integrationKeyId: string
  scopes: string[]
}

/**
 * Checks a JWT bearer assertion (RFC 7523) the way DocuSign does and returns the grant it proves.
 * The algorithm is checked from the header before any key is touched, so `none` and HS256 signed
 * with the public key as secret never reach signature verification; claims are only trusted after
 * the signature verifies.
 */
export async function verifyJwtBearerAssertion(assertion: string, deps: GrantDependencies): Promise<Grant> {
  const alg = readAlgorithm(assertion)
  if (alg !== 'RS256') throw invalidGrant('no_valid_keys_or_signatures')

  const integrationKeyId = readUnverifiedIssuer(assertion)
  if (integrationKeyId === undefined) throw invalidGrant('issuer_not_found')
  const found = await deps.issuers.find(integrationKeyId, deps.now)
  if (!found.issuer?.enabled) throw invalidGrant('issuer_not_found')

  let payload = await verifySignature(assertion, found.issuer.keys)
  if (payload === undefined && found.cached) {
    const reloaded = await deps.issuers.reload(integrationKeyId, deps.now)
    if (reloaded?.enabled) payload = await verifySignature(assertion, reloaded.keys)
  }
  if (payload === undefined) throw invalidGrant('no_valid_keys_or_signatures')

  checkAudience(payload.aud, deps.identityHosts)
  checkLifetime(payload, Math.floor(deps.now / 1000))
  const scopes = checkScopes(payload)

  const userId = payload.sub
  if (typeof userId !== 'string' || userId === '') throw invalidGrant('user_not_found')
  if (!(await findUser(deps.db, userId))) throw invalidGrant('user_not_found')

  const consented = new Set((await findConsentScopes(deps.db, userId, integrationKeyId)) ?? [])
  const missing = scopes.filter((scope) => !consented.has(scope))
  if (missing.length > 0) {
    throw new OAuthError(
      'consent_required',
      `The user has not granted consent to this integration key for: ${missing.join(' ')}`,
    )
  }
  return { userId, integrationKeyId, scopes }
}

function readAlgorithm(assertion: string): unknown {
  if (assertion.split('.').length !== 3) throw malformed()
  try {
    return decodeProtectedHeader(assertion).alg
  } catch {
    throw malformed()
  }
}

function readUnverifiedIssuer(assertion: string): string | undefined {
  let claims: JWTPayload
  try {
    claims = decodeJwt(assertion)
  } catch {
    throw malformed()
  }
  return typeof claims.iss === 'string' && claims.iss !== '' ? claims.iss : undefined
}

const malformed = () => new OAuthError('invalid_request', 'The assertion is not a well-formed signed JWT')

/** The verified claims, or undefined when no key verifies the RS256 signature. */
async function verifySignature(assertion: string, keys: VerificationKey[]): Promise<JWTPayload | undefined> {
  for (const key of keys) {
    try {
      const { payload } = await compactVerify(assertion, key, { algorithms: ['RS256'] })
      return parseClaims(payload)
    } catch (error) {
      if (error instanceof OAuthError) throw error
    }
  }
  return undefined
}

function parseClaims(payload: Uint8Array): JWTPayload {
  let claims: unknown
  try {
    claims = JSON.parse(new TextDecoder().decode(payload))
  } catch {
    throw malformed()
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw malformed()
  return claims as JWTPayload
}

function checkAudience(aud: unknown, identityHosts: ReadonlySet<string>): void {
  const audiences = Array.isArray(aud) ? aud : [aud]
  const matches = audiences.some(
    (value) => typeof value === 'string' && identityHosts.has(value.toLowerCase()),
  )
  if (!matches) throw invalidGrant('no_valid_keys_or_signatures')
}

function checkLifetime(claims: JWTPayload, nowSeconds: number): void {
  const { iat, exp } = claims
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) {
    throw new OAuthError('invalid_request', 'The assertion must carry numeric iat and exp claims')
  }
  if (exp <= nowSeconds) throw invalidGrant('expired_grant')
  if (iat > nowSeconds + MAX_ISSUED_AT_SKEW_SECONDS) throw invalidGrant('expired_grant')
  if (exp <= iat || exp - iat > MAX_ASSERTION_LIFETIME_SECONDS) throw invalidGrant('expired_grant')
}

/** The requested scopes: `signature` always, `impersonation` for user tokens, nothing unknown. */
function checkScopes(claims: JWTPayload): string[] {
  if (typeof claims.scope !== 'string') throw invalidGrant('invalid_scope')
  const scopes = [...new Set(claims.scope.split(' ').filter(Boolean))]
  const known = new Set<string>(KNOWN_SCOPES)
  if (scopes.some((scope) => !known.has(scope))) throw invalidGrant('invalid_scope')
  if (!scopes.includes('signature')) throw invalidGrant('invalid_scope')
  // Every token this service issues acts as a user (`sub`), so every grant is a user grant.
  if (!scopes.includes('impersonation')) throw invalidGrant('invalid_scope')
  return scopes
}
