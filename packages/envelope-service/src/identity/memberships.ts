import type { Db } from '../database.js'
import { ACCESS_CACHE_TTL_MS } from './access-cache.js'
import type { Permission } from './permissions.js'
import { findMembershipPermissions } from './repository.js'

export interface Membership {
  accountId: string
  userId: string
  permissions: Set<Permission>
}

/**
 * Looks up a user's membership of an account, cached for `ttlMs`: memberships change rarely and this
 * runs on every REST call. A removed membership (or changed permissions) is seen by every process
 * within `ttlMs`.
 */
export function createMembershipLookup(db: Db, ttlMs = ACCESS_CACHE_TTL_MS, maxEntries = 10_000) {
  const cache = new Map<string, { membership: Membership | undefined; until: number }>()

  return async function lookup(accountId: string, userId: string, now = Date.now()) {
    const key = `${accountId}\u0000${userId}`
    const cached = cache.get(key)
    if (cached && cached.until > now) return cached.membership
    cache.delete(key)
    const permissions = await findMembershipPermissions(db, accountId, userId)
    const membership = permissions && { accountId, userId, permissions }
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(key, { membership, until: now + ttlMs })
    return membership
  }
}

export type MembershipLookup = ReturnType<typeof createMembershipLookup>
