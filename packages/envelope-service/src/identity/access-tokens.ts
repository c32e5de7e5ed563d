import { hash, randomBytes } from 'node:crypto'
import type { JobDefinition } from 'platform'
import type { Db, DbOrTx } from '../database.js'
import { ACCESS_CACHE_TTL_MS } from './access-cache.js'

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600

export interface VerifiedToken {
  userId: string
  integrationKeyId: string
  scopes: string[]
  expiresAt: number
}

/**
 * The `integration_key_id` of tokens the operator issues with the admin CLI's `token` command: no
 * integration key or consent stands behind them, so only their expiry and `revoke-tokens` end them.
 */
export const OPERATOR_ISSUER = 'operator-cli'

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

/** The job deleting expired access tokens every 10 minutes, off the token endpoint's path. */
export function expiredTokenSweepJob(db: DbOrTx): JobDefinition {
  return {
    name: 'expired-token-sweep',
    everyMs: 10 * 60_000,
    run: async (now) => {
      await deleteExpiredAccessTokens(db, now)
    },
  }
}

/**
 * Deletes the access tokens of a user (all of them, or those issued through one integration key), or
 * every token of an integration key. Returns how many went.
 */
export async function deleteAccessTokens(
  db: DbOrTx,
  which: { userId: string; integrationKeyId?: string } | { integrationKeyId: string },
): Promise<number> {
  let query = db.deleteFrom('access_tokens')
  if ('userId' in which) query = query.where('user_id', '=', which.userId)
  if (which.integrationKeyId !== undefined)
    query = query.where('integration_key_id', '=', which.integrationKeyId)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Verifies bearer tokens, caching verified ones in process so a REST call does not read the token
 * table each time. A cached entry is used for at most `ttlMs` (and never past the token's expiry):
 * a token revoked in the database (`revoke-tokens`, `revoke-consent`, `disable-integration-key`) is
 * refused by every process within that time. The cache is bounded; the oldest entries go first.
 */
export function createTokenVerifier(db: Db, ttlMs = ACCESS_CACHE_TTL_MS, maxEntries = 10_000) {
  const cache = new Map<string, { token: VerifiedToken; until: number }>()

  /**
   * The verified token while its cache entry is fresh, without a query or a promise (a REST call takes
   * this path almost always); undefined when it must be verified.
   */
  function cached(token: string, now = Date.now()): VerifiedToken | undefined {
    // Keyed by the token itself, which this process holds anyway while it serves the request: hashing
    // is for the stored copy, and a hash per call was 2.8% of a template get (BENCHMARKS.md).
    const entry = cache.get(token)
    return entry !== undefined && entry.until > now ? entry.token : undefined
  }

  async function verify(token: string, now = Date.now()): Promise<VerifiedToken | undefined> {
    const hit = cached(token, now)
    if (hit) return hit
    cache.delete(token)
    const hash = hashToken(token)
    const row = await db
      .selectFrom('access_tokens')
      .leftJoin('integration_keys', 'integration_keys.id', 'access_tokens.integration_key_id')
      .leftJoin('consents', (join) =>
        join
          .onRef('consents.user_id', '=', 'access_tokens.user_id')
          .onRef('consents.integration_key_id', '=', 'access_tokens.integration_key_id'),
      )
      .select([
        'access_tokens.user_id',
        'access_tokens.integration_key_id',
        'access_tokens.scopes',
        'access_tokens.expires_at',
        'integration_keys.enabled as key_enabled',
        'consents.user_id as consenting_user_id',
      ])
      .where('access_tokens.token_hash', '=', hash)
      .executeTakeFirst()
    if (!row || row.expires_at <= now) return undefined
    // A token stands only while what granted it stands: its integration key enabled and the user's
    // consent in place, so a token minted while access was being withdrawn is refused too.
    const operatorIssued = row.integration_key_id === OPERATOR_ISSUER
    if (!operatorIssued && (row.key_enabled !== 1 || row.consenting_user_id === null)) return undefined
    const verified: VerifiedToken = {
      userId: row.user_id,
      integrationKeyId: row.integration_key_id,
      scopes: row.scopes.split(' ').filter(Boolean),
      expiresAt: row.expires_at,
    }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(token, { token: verified, until: Math.min(verified.expiresAt, now + ttlMs) })
    return verified
  }

  return { cached, verify }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
