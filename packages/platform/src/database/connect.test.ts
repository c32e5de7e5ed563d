import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/databases.js'
import { connectDatabase, redactUrl, sqliteHandleOf } from './connect.js'
import { migrateToLatest } from './migrate.js'

interface Things {
  things: { id: number; name: string }
}

describeEachDatabase('connectDatabase and migrateToLatest', (databases) => {
  it('migrates once, idempotently, and round-trips rows', async () => {
    const url = await databases.freshUrl()
    const migrations = () => ({
      '0001_things': {
        up: async (db: import('kysely').Kysely<unknown>) => {
          await db.schema
            .createTable('things')
            .addColumn('id', 'integer', (c) => c.primaryKey())
            .addColumn('name', 'text', (c) => c.notNull())
            .execute()
        },
      },
    })
    const database = connectDatabase<Things>(url)
    try {
      await migrateToLatest(database, migrations)
      await migrateToLatest(database, migrations)
      await database.db.insertInto('things').values({ id: 1, name: 'one' }).execute()
      const rows = await database.db.selectFrom('things').selectAll().execute()
      expect(rows).toEqual([{ id: 1, name: 'one' }])
      const big = await sql<{ n: number }>`select cast(9007199254740 as bigint) as n`.execute(database.db)
      expect(big.rows[0]?.n).toBe(9007199254740)
    } finally {
      await database.close()
    }
  })

  it('keeps separate schemas apart', async () => {
    if (databases.dialect !== 'postgres') return
    const [a, b] = [
      connectDatabase<Things>(await databases.freshUrl()),
      connectDatabase<Things>(await databases.freshUrl()),
    ]
    try {
      const migrations = () => ({
        '0001': {
          up: (db: import('kysely').Kysely<unknown>) =>
            db.schema.createTable('things').addColumn('id', 'integer').addColumn('name', 'text').execute(),
        },
      })
      await migrateToLatest(a, migrations)
      await migrateToLatest(b, migrations)
      await a.db.insertInto('things').values({ id: 1, name: 'a' }).execute()
      expect(await b.db.selectFrom('things').selectAll().execute()).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('connectDatabase', () => {
  it('rejects unsupported URLs without echoing passwords', () => {
    expect(() => connectDatabase('mysql://user:secret@host/db')).toThrow(/Unsupported DATABASE_URL/)
    expect(() => connectDatabase('mysql://user:secret@host/db')).not.toThrow(/secret/)
  })

  it('rejects unsafe schema names', () => {
    expect(() => connectDatabase('postgres://h/db?schema=a;drop')).toThrow(/Invalid schema/)
  })

  it('redacts passwords', () => {
    expect(redactUrl('postgres://u:pw@h:5432/db')).toBe('postgres://u:***@h:5432/db')
  })
})

describe('sqliteHandleOf', () => {
  async function thingsDatabase() {
    const database = connectDatabase<Things>('sqlite::memory:')
    await database.db.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute()
    return database
  }

  it('commits what the work writes and returns its result', async () => {
    const database = await thingsDatabase()
    const handle = sqliteHandleOf(database.db)
    const changes = await handle?.transaction((prepare) => {
      const insert = prepare('insert into things (id, name) values (?, ?)')
      return insert.run(1, 'one').changes + insert.run(2, 'two').changes
    })
    expect(changes).toBe(2)
    expect(await database.db.selectFrom('things').select('name').orderBy('id').execute()).toEqual([
      { name: 'one' },
      { name: 'two' },
    ])
    await database.close()
  })

  it('rolls everything back when the work throws', async () => {
    const database = await thingsDatabase()
    const handle = sqliteHandleOf(database.db)
    await expect(
      handle?.transaction((prepare) => {
        prepare('insert into things (id, name) values (?, ?)').run(1, 'one')
        throw new Error('abandon')
      }),
    ).rejects.toThrow('abandon')
    expect(await database.db.selectFrom('things').selectAll().execute()).toEqual([])
    await database.close()
  })

  it('waits for an open Kysely transaction instead of writing into it', async () => {
    const database = await thingsDatabase()
    const handle = sqliteHandleOf(database.db)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const kyselyTransaction = database.db.transaction().execute(async (tx) => {
      await tx.insertInto('things').values({ id: 1, name: 'rolled back' }).execute()
      await held
      throw new Error('roll back')
    })
    const direct = handle?.transaction((prepare) =>
      prepare('insert into things (id, name) values (2, ?)').run('kept'),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    release()
    await expect(kyselyTransaction).rejects.toThrow('roll back')
    await direct
    expect(await database.db.selectFrom('things').select('name').execute()).toEqual([{ name: 'kept' }])
    await database.close()
  })

  it('is undefined for transactions and other databases', async () => {
    const database = await thingsDatabase()
    await database.db.transaction().execute(async (tx) => {
      expect(sqliteHandleOf(tx)).toBeUndefined()
    })
    expect(sqliteHandleOf({})).toBeUndefined()
    await database.close()
  })
})
