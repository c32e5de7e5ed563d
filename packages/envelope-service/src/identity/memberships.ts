import type { Db } from '../database.js'
import { type Permission, parsePermissions } from './permissions.js'

export interface Membership {
  accountId: string
  userId: string
  permissions: Set<Permission>
}

/**
 * Looks up a user's membership of an account, cached for a few seconds: memberships change rarely
 * and this runs on every REST call. A removed membership stops working within `ttlMs`.
 */
export function createMembershipLookup(db: Db, ttlMs = 5_000, maxEntries = 10_000) {
  const cache = new Map<string, { membership: Membership | undefined; until: number }>()

  return async function lookup(accountId: string, userId: string, now = Date.now()) {
    const key = `${accountId}\u0000${userId}`
    const cached = cache.get(key)
    if (cached && cached.until > now) return cached.membership
    const row = await db
      .selectFrom('memberships')
      .select(['permissions'])
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    const membership = row ? { accountId, userId, permissions: parsePermissions(row.permissions) } : undefined
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(key, { membership, until: now + ttlMs })
    return membership
  }
}

export type MembershipLookup = ReturnType<typeof createMembershipLookup>
