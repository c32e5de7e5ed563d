import type { Db } from '../database.js'
import { ACCESS_CACHE_TTL_MS } from './access-cache.js'
import type { Permission } from './permissions.js'
import { findMembershipPermissions } from './repository.js'

export interface Membership {
  accountId: string
  userId: string
  permissions: Set<Permission>
}

interface CachedMembership {
  /** Undefined: the user is not a member (also cached, so a stranger's calls cost no query each). */
  membership: Membership | undefined
  until: number
}

/**
 * Looks up a user's membership of an account, cached for `ttlMs`: memberships change rarely and this
 * runs on every REST call. A removed membership (or changed permissions) is seen by every process
 * within `ttlMs`. The cache is bounded; the oldest entries go first.
 */
export function createMembershipLookup(db: Db, ttlMs = ACCESS_CACHE_TTL_MS, maxEntries = 10_000) {
  // Keyed by user, then account, so a call builds no combined key string.
  const cache = new Map<string, Map<string, CachedMembership>>()
  let size = 0

  function forget(accountId: string, userId: string) {
    const ofUser = cache.get(userId)
    if (ofUser?.delete(accountId)) size -= 1
    if (ofUser?.size === 0) cache.delete(userId)
  }

  function remember(accountId: string, userId: string, entry: CachedMembership) {
    forget(accountId, userId)
    if (size >= maxEntries) {
      const [oldestUser, ofUser] = cache.entries().next().value as [string, Map<string, CachedMembership>]
      forget(ofUser.keys().next().value as string, oldestUser)
    }
    let ofUser = cache.get(userId)
    if (ofUser === undefined) {
      ofUser = new Map()
      cache.set(userId, ofUser)
    }
    ofUser.set(accountId, entry)
    size += 1
  }

  /**
   * The cached answer while it is fresh, without a query or a promise (a REST call takes this path
   * almost always); undefined when it must be looked up.
   */
  function cached(accountId: string, userId: string, now = Date.now()): CachedMembership | undefined {
    const entry = cache.get(userId)?.get(accountId)
    return entry !== undefined && entry.until > now ? entry : undefined
  }

  /** The membership, from the cache or the database. */
  async function find(accountId: string, userId: string, now = Date.now()) {
    const hit = cached(accountId, userId, now)
    if (hit) return hit.membership
    const permissions = await findMembershipPermissions(db, accountId, userId)
    const membership = permissions && { accountId, userId, permissions }
    remember(accountId, userId, { membership, until: now + ttlMs })
    return membership
  }

  return { cached, find }
}

export type MembershipLookup = ReturnType<typeof createMembershipLookup>
