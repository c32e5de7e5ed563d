import { hash, randomBytes } from 'node:crypto'
import type { Db, DbOrTx } from '../database.js'

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600

export interface VerifiedToken {
  userId: string
  integrationKeyId: string
  scopes: string[]
  expiresAt: number
}

/** SHA-256 of the token, base64url: the stored form. One-shot `hash` runs on every REST call; it is several times cheaper than a Hash object. */
export const hashToken = (token: string) => hash('sha256', token, 'base64url')

/** Creates an opaque access token; only its hash is stored. Returns the token itself, once. */
export async function issueAccessToken(
  db: DbOrTx,
  grant: { userId: string; integrationKeyId: string; scopes: string[] },
  now = Date.now(),
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = randomBytes(32).toString('base64url')
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: hashToken(accessToken),
      user_id: grant.userId,
      integration_key_id: grant.integrationKeyId,
      scopes: grant.scopes.join(' '),
      expires_at: now + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
      created_at: new Date(now).toISOString(),
    })
    .execute()
  return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS }
}

/** Deletes tokens that expired before `now`; they can never verify again. Returns how many went. */
export async function deleteExpiredAccessTokens(db: DbOrTx, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('expires_at', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Verifies bearer tokens, caching verified ones in process so a REST call does not read the token
 * table each time. Tokens are immutable until expiry, so a cached entry is valid until `expiresAt`.
 * The cache is bounded; the oldest entries are evicted first.
 */
export function createTokenVerifier(db: Db, maxEntries = 10_000) {
  const cache = new Map<string, VerifiedToken>()

  async function verify(token: string, now = Date.now()): Promise<VerifiedToken | undefined> {
    const hash = hashToken(token)
    const cached = cache.get(hash)
    if (cached) {
      if (cached.expiresAt > now) return cached
      cache.delete(hash)
      return undefined
    }
    const row = await db
      .selectFrom('access_tokens')
      .select(['user_id', 'integration_key_id', 'scopes', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst()
    if (!row || row.expires_at <= now) return undefined
    const verified: VerifiedToken = {
      userId: row.user_id,
      integrationKeyId: row.integration_key_id,
      scopes: row.scopes.split(' ').filter(Boolean),
      expiresAt: row.expires_at,
    }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(hash, verified)
    return verified
  }
  return { verify }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
