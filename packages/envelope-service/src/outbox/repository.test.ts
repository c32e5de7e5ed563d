import { sql } from 'kysely'
import { connectDatabase, type Database, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeEach, expect, it } from 'vitest'
import type { Schema } from '../database.js'
import { migrations } from '../migrations/index.js'
import { claim, complete, enqueue, retry, updatePayloads } from './repository.js'

const LEASE_MS = 30_000

describeEachDatabase('outbox', (databases) => {
  const opened: Database<Schema>[] = []
  let database: Database<Schema>
  let url: string
  beforeEach(async () => {
    url = await databases.freshUrl()
    database = connectDatabase<Schema>(url)
    opened.push(database)
    await migrateToLatest(database, migrations)
  })
  afterAll(async () => {
    for (const open of opened) await open.close()
  })

  const claimAs = (owner: string, now: number, options: { topics?: string[]; limit?: number } = {}) =>
    claim(database.db, database.dialect, {
      topics: options.topics ?? ['invite'],
      owner,
      now,
      leaseMs: LEASE_MS,
      limit: options.limit ?? 100,
    })
  const storedRows = () => database.db.selectFrom('outbox').selectAll().orderBy('id').execute()

  it('stores messages with the transaction that enqueues them, and none when it rolls back', async () => {
    await database.db
      .transaction()
      .execute((tx) => enqueue(tx, [{ topic: 'invite', payload: { n: 1 } }], 1_000))
    await expect(
      database.db.transaction().execute(async (tx) => {
        await enqueue(tx, [{ topic: 'invite', payload: { n: 2 } }], 1_000)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const rows = await storedRows()
    expect(rows.map((row) => [row.topic, JSON.parse(row.payload), Number(row.attempts)])).toEqual([
      ['invite', { n: 1 }, 0],
    ])
    expect(rows[0]?.lease_owner).toBeNull()
  })

  it('enqueues more messages than one statement can bind', async () => {
    const messages = Array.from({ length: 7_001 }, (_, n) => ({ topic: 'invite', payload: n }))
    await database.db.transaction().execute((tx) => enqueue(tx, messages, 1_000))
    expect(await storedRows()).toHaveLength(7_001)
  })

  it('claims due messages of the asked topics only, oldest first, up to the limit, counting attempts', async () => {
    await enqueue(database.db, [{ topic: 'invite', payload: 'later', availableAt: 5_000 }], 1_000)
    await enqueue(database.db, [{ topic: 'event', payload: 'other topic' }], 1_000)
    await enqueue(database.db, [{ topic: 'invite', payload: 'second' }], 2_000)
    await enqueue(database.db, [{ topic: 'invite', payload: 'first' }], 1_500)
    await enqueue(database.db, [{ topic: 'invite', payload: 'third' }], 2_500)

    const claimed = await claimAs('a', 3_000, { limit: 2 })
    expect(claimed.map((message) => [message.payload, message.attempts, message.leaseExpiresAt])).toEqual([
      ['first', 1, 3_000 + LEASE_MS],
      ['second', 1, 3_000 + LEASE_MS],
    ])
    expect((await claimAs('b', 3_000)).map((message) => message.payload)).toEqual(['third'])
    expect(await claimAs('c', 4_000)).toEqual([])
    expect((await claimAs('c', 5_000)).map((message) => message.payload)).toEqual(['later'])
    expect((await claimAs('d', 5_000, { topics: ['event'] })).map((message) => message.payload)).toEqual([
      'other topic',
    ])
  })

  it('stores new payloads in one statement only for the messages the caller still holds', async () => {
    await enqueue(database.db, [{ topic: 'invite', payload: 'mine' }], 1_000)
    await enqueue(database.db, [{ topic: 'invite', payload: "another's" }], 1_001)
    const [mine] = await claimAs('a', 2_000, { limit: 1 })
    const [theirs] = await claimAs('b', 2_000, { limit: 1 })
    const stored = await updatePayloads(database.db, 'a', [
      { id: mine!.id, payload: { link: 'one' } },
      { id: theirs!.id, payload: { link: 'two' } },
    ])
    expect([...stored]).toEqual([mine!.id])
    expect((await storedRows()).map((row) => JSON.parse(row.payload))).toEqual([{ link: 'one' }, "another's"])
    expect(await updatePayloads(database.db, 'a', [])).toEqual(new Set())
  })

  it('gives a message whose lease expired to the next claimer, and only that one completes it', async () => {
    await enqueue(database.db, [{ topic: 'invite', payload: 'x' }], 1_000)
    const [first] = await claimAs('a', 1_000)
    expect(await claimAs('b', 1_000 + LEASE_MS - 1)).toEqual([])
    const [again] = await claimAs('b', 1_000 + LEASE_MS)
    expect(again?.id).toBe(first?.id)
    expect(again?.attempts).toBe(2)

    expect(await complete(database.db, 'a', [first?.id as string])).toBe(0)
    expect(await storedRows()).toHaveLength(1)
    expect(await complete(database.db, 'b', [first?.id as string])).toBe(1)
    expect(await storedRows()).toHaveLength(0)
  })

  it('puts a failed message back for a retry after the backoff, keeping the error', async () => {
    await enqueue(database.db, [{ topic: 'invite', payload: 'x' }], 1_000)
    const [message] = await claimAs('a', 1_000)
    const id = message?.id as string
    expect(await retry(database.db, 'someone else', id, { availableAt: 9_000, error: 'no' })).toBe(false)
    expect(await retry(database.db, 'a', id, { availableAt: 9_000, error: 'SMTP 451' })).toBe(true)
    const [row] = await storedRows()
    expect([row?.lease_owner, row?.lease_expires_at, Number(row?.available_at), row?.last_error]).toEqual([
      null,
      null,
      9_000,
      'SMTP 451',
    ])
    expect(await claimAs('b', 8_999)).toEqual([])
    expect((await claimAs('b', 9_000)).map((claimed) => [claimed.id, claimed.attempts])).toEqual([[id, 2]])
  })

  it('hands each message to exactly one of two concurrent claimers on separate connections', async () => {
    const messages = Array.from({ length: 300 }, (_, n) => ({ topic: 'invite', payload: n }))
    await enqueue(database.db, messages, 1_000)
    const other = connectDatabase<Schema>(url)
    opened.push(other)
    // Both connected before either claims: otherwise, on a loaded machine, the first drained all 300
    // while the second was still connecting, and the test proved nothing about two claimers at once.
    await Promise.all([database, other].map((db) => sql`select 1`.execute(db.db)))
    const drain = async (db: Database<Schema>, owner: string) => {
      const seen: number[] = []
      for (;;) {
        const batch = await claim(db.db, db.dialect, {
          topics: ['invite'],
          owner,
          now: 2_000,
          leaseMs: LEASE_MS,
          limit: 7,
        })
        if (batch.length === 0) return seen
        seen.push(...batch.map((message) => message.payload as number))
      }
    }
    const [a, b] = await Promise.all([drain(database, 'a'), drain(other, 'b')])
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(messages.map((message) => message.payload))
    expect(a.length).toBeGreaterThan(0)
    expect(b.length).toBeGreaterThan(0)
    const rows = await storedRows()
    expect(rows.every((row) => Number(row.attempts) === 1)).toBe(true)
  })
})
