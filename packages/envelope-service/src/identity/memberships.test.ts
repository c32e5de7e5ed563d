import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestService } from '../testing/harness.js'
import { createMembershipLookup } from './memberships.js'
import { deleteMembership } from './repository.js'

describeEachDatabase('membership lookup', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('answers from the cache until the entry is older than its time to live, also for strangers', async () => {
    const lookup = createMembershipLookup(service.ctx.db, 1_000)
    const member = await seedPrincipal(service.ctx)
    const stranger = await seedPrincipal(service.ctx)
    expect(lookup.cached(member.accountId, member.userId, 0)).toBeUndefined()
    expect((await lookup.find(member.accountId, member.userId, 0))?.accountId).toBe(member.accountId)
    expect(await lookup.find(member.accountId, stranger.userId, 0)).toBeUndefined()
    // Cached: a membership removed now is still seen, and the stranger's refusal costs no query.
    await deleteMembership(service.ctx.db, member.accountId, member.userId, new Date().toISOString())
    expect(lookup.cached(member.accountId, member.userId, 999)?.membership?.userId).toBe(member.userId)
    expect(lookup.cached(member.accountId, stranger.userId, 999)).toEqual({
      membership: undefined,
      until: 1_000,
    })
    // Expired: looked up again, and the removal is seen.
    expect(lookup.cached(member.accountId, member.userId, 1_000)).toBeUndefined()
    expect(await lookup.find(member.accountId, member.userId, 1_000)).toBeUndefined()
  })

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const lookup = createMembershipLookup(service.ctx.db, 60_000, 2)
    const first = await seedPrincipal(service.ctx)
    const second = await seedPrincipal(service.ctx)
    const third = await seedPrincipal(service.ctx, { accountId: first.accountId })
    for (const { accountId, userId } of [first, second, third]) await lookup.find(accountId, userId, 0)
    const held = [first, second, third].map((p) => lookup.cached(p.accountId, p.userId, 1) !== undefined)
    expect(held).toEqual([false, true, true])
    // Looking one up again refreshes it in place without growing past the bound.
    await lookup.find(second.accountId, second.userId, 60_001)
    expect(lookup.cached(third.accountId, third.userId, 2)).toBeDefined()
    expect(lookup.cached(second.accountId, second.userId, 60_002)).toBeDefined()
  })
})
