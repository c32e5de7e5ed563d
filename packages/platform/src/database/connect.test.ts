import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/databases.js'
import { connectDatabase, redactUrl } from './connect.js'
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

describeEachDatabase('the SQLite reader connection', (databases) => {
  it('reads committed rows only and refuses writes; none on PostgreSQL', async () => {
    const database = connectDatabase<Things>(await databases.freshUrl())
    try {
      const reader = database.reader()
      if (databases.dialect === 'postgres') return expect(reader).toBeUndefined()
      if (!reader) throw new Error('a SQLite file has a reader')
      expect(database.reader()).toBe(reader)
      await database.db.schema
        .createTable('things')
        .addColumn('id', 'integer')
        .addColumn('name', 'text')
        .execute()
      const read = reader.prepare('select name from things where id = ?')
      await database.db.transaction().execute(async (tx) => {
        await tx.insertInto('things').values({ id: 1, name: 'one' }).execute()
        expect(read.get(1)).toBeUndefined()
      })
      expect(read.get(1)).toEqual({ name: 'one' })
      expect(() => reader.prepare("insert into things values (2, 'two')").run()).toThrow(/readonly/i)
    } finally {
      await database.close()
    }
    expect(database.reader()).toBeUndefined()
  })
})

describe('connectDatabase', () => {
  it('has no reader in memory', async () => {
    const database = connectDatabase<Things>('sqlite::memory:')
    expect(database.reader()).toBeUndefined()
    await database.close()
  })

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
