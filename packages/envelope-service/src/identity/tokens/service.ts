import { hash, randomBytes } from 'node:crypto'
import type { JobDefinition } from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import { ACCESS_CACHE_TTL_MS } from '../access-cache.js'
import { deleteExpiredAccessTokens, findAccessToken, insertAccessToken } from './repository.js'

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
  grant: { userId: string; integrationKeyId: string; scopes: string[]; refreshFamilyId?: string },
  now = Date.now(),
  lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS,
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = randomBytes(32).toString('base64url')
  await insertAccessToken(db, {
    tokenHash: hashToken(accessToken),
    ...grant,
    expiresAt: now + lifetimeSeconds * 1000,
    createdAt: now,
  })
  return { accessToken, expiresIn: lifetimeSeconds }
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
    const row = await findAccessToken(db, hash)
    if (!row || row.expiresAt <= now) return undefined
    // A token stands only while what granted it stands: its integration key enabled and the user's
    // consent in place, so a token minted while access was being withdrawn is refused too.
    const operatorIssued = row.integrationKeyId === OPERATOR_ISSUER
    if (!operatorIssued && (!row.keyEnabled || !row.consented)) return undefined
    const verified: VerifiedToken = {
      userId: row.userId,
      integrationKeyId: row.integrationKeyId,
      scopes: row.scopes,
      expiresAt: row.expiresAt,
    }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(token, { token: verified, until: Math.min(verified.expiresAt, now + ttlMs) })
    return verified
  }

  return { cached, verify }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
