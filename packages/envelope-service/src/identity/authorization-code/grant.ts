import { randomUUID } from 'node:crypto'
import type { Db, DbOrTx } from '../../database.js'
import { invalidGrant, OAuthError } from '../oauth-error.js'
import { hashOpaque, opaqueToken } from '../one-time/tokens.js'
import { findConsentScopes, upsertConsent } from '../repository.js'
import { hasSecondFactor, secondFactorRequiredSince } from '../second-factor/repository.js'
import { deleteFamilyAccessTokens } from '../tokens/repository.js'
import { issueAccessToken } from '../tokens/service.js'
import {
  AUTHORIZATION_CODE_LIFETIME_MS,
  CODE_ACCESS_TOKEN_LIFETIME_SECONDS,
  REFRESH_TOKEN_LIFETIME_MS,
  rotatedRefreshExpiry,
} from './lifetimes.js'
import { verifierMatches } from './pkce.js'
import {
  claimAuthorizationCode,
  claimRefreshToken,
  familyStartedAt,
  findRefreshFamily,
  insertAuthorizationCode,
  insertRefreshToken,
  revokeRefreshFamily,
} from './repository.js'
import type { AuthorizeRequest } from './request.js'

export interface CodeTokens {
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds: the refresh token's expiry (the session cookie's lifetime). */
  refreshExpiresAt: number
  expiresIn: number
  userId: string
  integrationKeyId: string
  scopes: string[]
}

/** True when the user's consent to the client already covers the scopes. */
export async function consentCovers(db: DbOrTx, userId: string, clientId: string, scopes: readonly string[]) {
  const granted = new Set((await findConsentScopes(db, userId, clientId)) ?? [])
  return scopes.every((scope) => granted.has(scope))
}

export async function recordConsent(
  db: DbOrTx,
  userId: string,
  clientId: string,
  scopes: string[],
  now: number,
) {
  await upsertConsent(db, {
    userId,
    integrationKeyId: clientId,
    scopes,
    grantedAt: new Date(now).toISOString(),
  })
}

/** Issues a single-use authorization code for a signed-in, consenting user. */
export async function issueAuthorizationCode(
  db: DbOrTx,
  request: AuthorizeRequest,
  userId: string,
  now: number,
): Promise<string> {
  const code = opaqueToken()
  await insertAuthorizationCode(db, {
    codeHash: hashOpaque(code),
    integrationKeyId: request.client.id,
    userId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    codeChallenge: request.codeChallenge ?? null,
    expiresAt: now + AUTHORIZATION_CODE_LIFETIME_MS,
  })
  return code
}

/**
 * Exchanges a code for tokens. The client is already authenticated (secret or public id); the code must
 * be unused, unexpired, issued to that client, for the same redirect URI when one is sent, and answer its
 * PKCE challenge.
 */
export async function exchangeAuthorizationCode(
  db: Db,
  input: {
    clientId: string
    code: string
    redirectUri: string | undefined
    codeVerifier: string | undefined
  },
  now: number,
): Promise<CodeTokens> {
  const familyId = randomUUID()
  const claimed = await claimAuthorizationCode(db, hashOpaque(input.code), familyId, now)
  if (claimed === undefined) throw new OAuthError('invalid_grant', 'The authorization code is unknown')
  if ('reused' in claimed) {
    // A code presented twice was intercepted, or replayed: the sign-in it gave is ended (RFC 6749 §4.1.2).
    if (claimed.reused) await revokeFamily(db, claimed.reused)
    throw new OAuthError(
      'invalid_grant',
      'The authorization code was already used; the sign-in it gave is revoked',
    )
  }
  if (claimed.expiresAt <= now) throw invalidGrant('expired_grant')
  if (claimed.integrationKeyId !== input.clientId) {
    throw new OAuthError('invalid_grant', 'The authorization code was issued to another client')
  }
  if (input.redirectUri !== undefined && input.redirectUri !== claimed.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the one the code was issued for')
  }
  if (claimed.codeChallenge !== null) {
    if (!input.codeVerifier) throw new OAuthError('invalid_request', 'code_verifier is required')
    if (!verifierMatches(claimed.codeChallenge, input.codeVerifier)) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge')
    }
  }
  return startFamily(
    db,
    { userId: claimed.userId, integrationKeyId: claimed.integrationKeyId, scopes: claimed.scopes },
    now,
    familyId,
  )
}

/** A new refresh-token family (a sign-in) and its first access token. */
export async function startFamily(
  db: Db,
  grant: { userId: string; integrationKeyId: string; scopes: string[] },
  now: number,
  familyId: string = randomUUID(),
): Promise<CodeTokens> {
  return db
    .transaction()
    .execute(async (tx) =>
      mintTokens(tx, { ...grant, familyId, expiresAt: now + REFRESH_TOKEN_LIFETIME_MS }, now),
    )
}

async function mintTokens(
  db: DbOrTx,
  family: { familyId: string; userId: string; integrationKeyId: string; scopes: string[]; expiresAt: number },
  now: number,
): Promise<CodeTokens> {
  const refreshToken = opaqueToken()
  await insertRefreshToken(db, { ...family, tokenHash: hashOpaque(refreshToken), createdAt: now })
  const access = await issueAccessToken(
    db,
    {
      userId: family.userId,
      integrationKeyId: family.integrationKeyId,
      scopes: family.scopes,
      refreshFamilyId: family.familyId,
    },
    now,
    CODE_ACCESS_TOKEN_LIFETIME_SECONDS,
  )
  return {
    accessToken: access.accessToken,
    refreshToken,
    refreshExpiresAt: family.expiresAt,
    expiresIn: access.expiresIn,
    userId: family.userId,
    integrationKeyId: family.integrationKeyId,
    scopes: family.scopes,
  }
}

/**
 * Rotates a refresh token: the presented one is retired and a new one returned with a new access token.
 * Presenting a retired token again means it leaked (or the client lost a race with a thief): the whole
 * family is revoked, access tokens included, and the user signs in again.
 */
export async function refreshTokens(
  db: Db,
  input: { clientId: string; refreshToken: string },
  now: number,
): Promise<CodeTokens> {
  const claimed = await claimRefreshToken(db, hashOpaque(input.refreshToken), now)
  if (claimed === undefined) throw new OAuthError('invalid_grant', 'The refresh token is unknown')
  if ('reused' in claimed) {
    await revokeFamily(db, claimed.familyId)
    throw new OAuthError('invalid_grant', 'The refresh token was already used; the sign-in is revoked')
  }
  if (claimed.integrationKeyId !== input.clientId) {
    await revokeFamily(db, claimed.familyId)
    throw new OAuthError('invalid_grant', 'The refresh token was issued to another client')
  }
  if (claimed.expiresAt <= now) throw invalidGrant('expired_grant')
  if (await openedBeforeRequiredSecondStep(db, claimed)) {
    // An account of the user's began to require a second step after this sign-in, and they have not set
    // it up: the sign-in ends here and the next one has them set it up (second-step-setup.ts), so the
    // requirement does not wait for the session's 30 days.
    await revokeFamily(db, claimed.familyId)
    throw new OAuthError('invalid_grant', 'The account requires two-step sign-in; sign in again to set it up')
  }
  const expiresAt = rotatedRefreshExpiry(claimed.scopes, claimed.expiresAt, now)
  return db.transaction().execute(async (tx) => mintTokens(tx, { ...claimed, expiresAt }, now))
}

/**
 * Whether a sign-in predates a requirement of two-step sign-in its user has not met. Sign-ins after it
 * passed the set-up (sign-in pages) or needed none (console links, which act for an integration).
 */
async function openedBeforeRequiredSecondStep(db: Db, family: { userId: string; familyId: string }) {
  const since = await secondFactorRequiredSince(db, family.userId)
  if (since === undefined || (await hasSecondFactor(db, family.userId))) return false
  const started = await familyStartedAt(db, family.familyId)
  return started === undefined || started < since
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await revokeRefreshFamily(tx, familyId)
    await deleteFamilyAccessTokens(tx, familyId)
  })
}

/** Ends the sign-in a refresh token belongs to (sign-out); unknown tokens are ignored. */
export async function revokeByRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const familyId = await findRefreshFamily(db, hashOpaque(refreshToken))
  if (familyId) await revokeFamily(db, familyId)
}
