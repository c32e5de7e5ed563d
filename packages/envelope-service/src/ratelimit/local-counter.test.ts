import { connectDatabase, type Database, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Schema } from '../database.js'
import { migrations } from '../migrations/index.js'
import { createLocalCallCounter } from './local-counter.js'
import { addCounts, findCount } from './repository.js'
import type { RateLimitWindowKind } from './tables.js'
import { BURST_WINDOW_MS, HOUR_MS } from './windows.js'

const HOUR = Date.parse('2026-11-22T10:00:00.000Z')
const BURST = HOUR + 15 * 60_000

describeEachDatabase('local call counter', (databases) => {
  let database: Database<Schema>
  let account = 0
  beforeAll(async () => {
    database = connectDatabase<Schema>(await databases.freshUrl())
    await migrateToLatest(database, migrations)
  })
  afterAll(() => database.close())

  const nextAccount = () => `local-${++account}`
  const stored = (accountId: string, kind: RateLimitWindowKind, windowStart: number) =>
    findCount(database.db, accountId, kind, windowStart)
  const store = (accountId: string, calls: number) =>
    addCounts(database.db, [
      { accountId, kind: 'hour', windowStart: HOUR, calls },
      { accountId, kind: 'burst', windowStart: BURST, calls },
    ])

  describe('numbering', () => {
    it('gives concurrent calls consecutive numbers, also those arriving while the stored count is read', async () => {
      const counter = createLocalCallCounter(database.db)
      const accountId = nextAccount()
      await store(accountId, 5)
      const results = await Promise.all(
        Array.from({ length: 10 }, () => counter.count(accountId, HOUR, BURST)),
      )
      expect(results.map((result) => result.hour)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
      expect(results.map((result) => result.burst)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
      await counter.close()
    })

    it('numbers later calls of a window without a query once the stored count is read', async () => {
      const own = connectDatabase<Schema>(await databases.freshUrl())
      try {
        await migrateToLatest(own, migrations)
        const counter = createLocalCallCounter(own.db, { writeEveryMs: 60_000 })
        await counter.count('acct', HOUR, BURST)
        // Any query for the counters would fail now.
        await own.db.schema.alterTable('rate_limit_counters').renameTo('moved_counters').execute()
        expect(await counter.count('acct', HOUR, BURST)).toEqual({ hour: 2, burst: 2 })
        expect(await counter.count('acct', HOUR, BURST)).toEqual({ hour: 3, burst: 3 })
        await own.db.schema.alterTable('moved_counters').renameTo('rate_limit_counters').execute()
        await counter.close()
      } finally {
        await own.close()
      }
    })

    it('continues from the stored count after a restart', async () => {
      const accountId = nextAccount()
      const first = createLocalCallCounter(database.db)
      for (let i = 0; i < 3; i++) await first.count(accountId, HOUR, BURST)
      await first.close()
      const restarted = createLocalCallCounter(database.db)
      expect(await restarted.count(accountId, HOUR, BURST)).toEqual({ hour: 4, burst: 4 })
      await restarted.close()
    })

    it('starts a new burst window at 1 while the hour goes on, and a new hour at 1', async () => {
      const counter = createLocalCallCounter(database.db)
      const accountId = nextAccount()
      await counter.count(accountId, HOUR, BURST)
      await counter.count(accountId, HOUR, BURST)
      expect(await counter.count(accountId, HOUR, BURST + BURST_WINDOW_MS)).toEqual({ hour: 3, burst: 1 })
      expect(await counter.count(accountId, HOUR + HOUR_MS, HOUR + HOUR_MS)).toEqual({ hour: 1, burst: 1 })
      await counter.close()
    })

    it('fails the waiting calls when the stored count cannot be read, and reads again on the next call', async () => {
      const unmigrated = connectDatabase<Schema>(await databases.freshUrl())
      try {
        const counter = createLocalCallCounter(unmigrated.db)
        const results = await Promise.allSettled([
          counter.count('acct', HOUR, BURST),
          counter.count('acct', HOUR, BURST),
        ])
        expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
        await migrateToLatest(unmigrated, migrations)
        expect(await counter.count('acct', HOUR, BURST)).toEqual({ hour: 1, burst: 1 })
        await counter.close()
      } finally {
        await unmigrated.close()
      }
    })
  })

  describe('writing behind', () => {
    it('adds only the calls counted since the last write, on top of other writers', async () => {
      const counter = createLocalCallCounter(database.db, { writeEveryMs: 60_000 })
      const accountId = nextAccount()
      await store(accountId, 5)
      for (let i = 0; i < 3; i++) await counter.count(accountId, HOUR, BURST)
      expect(await stored(accountId, 'hour', HOUR)).toBe(5)
      await store(accountId, 100)
      await counter.flush()
      expect(await stored(accountId, 'hour', HOUR)).toBe(108)
      expect(await stored(accountId, 'burst', BURST)).toBe(108)
      await counter.count(accountId, HOUR, BURST)
      await counter.flush()
      expect(await stored(accountId, 'hour', HOUR)).toBe(109)
      await counter.close()
    })

    it('writes on its own within the write interval', async () => {
      const counter = createLocalCallCounter(database.db, { writeEveryMs: 20 })
      const accountId = nextAccount()
      await counter.count(accountId, HOUR, BURST)
      await counter.count(accountId, HOUR, BURST)
      await vi.waitFor(async () => expect(await stored(accountId, 'hour', HOUR)).toBe(2), { timeout: 15_000 })
      expect(await stored(accountId, 'burst', BURST)).toBe(2)
      await counter.close()
    })

    it('writes the pending calls on close', async () => {
      const counter = createLocalCallCounter(database.db, { writeEveryMs: 60_000 })
      const accountId = nextAccount()
      for (let i = 0; i < 4; i++) await counter.count(accountId, HOUR, BURST)
      await counter.close()
      expect(await stored(accountId, 'hour', HOUR)).toBe(4)
      expect(await stored(accountId, 'burst', BURST)).toBe(4)
    })

    it('keeps the calls of a failed write and stores them with the next one', async () => {
      const failing = connectDatabase<Schema>(await databases.freshUrl())
      try {
        await migrateToLatest(failing, migrations)
        const counter = createLocalCallCounter(failing.db, { writeEveryMs: 60_000 })
        await counter.count('acct', HOUR, BURST)
        await failing.db.schema.alterTable('rate_limit_counters').renameTo('moved_counters').execute()
        await expect(counter.flush()).rejects.toThrow()
        await failing.db.schema.alterTable('moved_counters').renameTo('rate_limit_counters').execute()
        await counter.close()
        const row = await failing.db
          .selectFrom('rate_limit_counters')
          .select('count')
          .where('window_kind', '=', 'hour')
          .executeTakeFirstOrThrow()
        expect(row.count).toBe(1)
      } finally {
        await failing.close()
      }
    })

    it('drops windows older than the newest once they are written', async () => {
      const counter = createLocalCallCounter(database.db, { writeEveryMs: 60_000 })
      const accountId = nextAccount()
      await counter.count(accountId, HOUR, BURST)
      const nextBurst = BURST + BURST_WINDOW_MS
      await counter.count(accountId, HOUR, nextBurst)
      expect(counter.heldWindows()).toBe(3)
      await counter.flush()
      expect(counter.heldWindows()).toBe(2)
      expect(await stored(accountId, 'burst', BURST)).toBe(1)
      expect(await stored(accountId, 'burst', nextBurst)).toBe(1)
      // A late call for the dropped window continues from what was stored.
      expect(await counter.count(accountId, HOUR, BURST)).toEqual({ hour: 3, burst: 2 })
      await counter.close()
    })
  })
})
