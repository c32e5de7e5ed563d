import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { type Generated, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { startCheckpointer } from './checkpointer.js'
import { connectDatabase } from './connect.js'

const directories: string[] = []
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true })
})

function walDatabase() {
  const directory = mkdtempSync(join(tmpdir(), 'checkpointer-'))
  directories.push(directory)
  const filename = join(directory, 'db.sqlite')
  const sqlite = new SqliteDatabase(filename)
  sqlite.pragma('journal_mode = WAL')
  // Only the checkpointer may copy pages, so what it does is all that is measured.
  sqlite.pragma('wal_autocheckpoint = 0')
  sqlite.exec('create table things (id integer primary key, body text not null)')
  return { filename, sqlite }
}

/** Pages in the WAL and how many of them are already in the database, as seen by a no-op checkpoint. */
function walState(sqlite: SqliteDatabase.Database) {
  const [state] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[]
  return state as { log: number; checkpointed: number }
}

const waitFor = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('startCheckpointer', () => {
  it('copies committed pages into the database from its worker and truncates the log on stop', async () => {
    const { filename, sqlite } = walDatabase()
    const insert = sqlite.prepare('insert into things (body) values (?)')
    sqlite.transaction(() => {
      for (let index = 0; index < 2_000; index++) insert.run('x'.repeat(500))
    })()
    const walBytes = statSync(`${filename}-wal`).size
    expect(walBytes).toBeGreaterThan(500_000)

    const checkpointer = startCheckpointer(filename, { everyMs: 20 })
    // The database file grows as the worker copies the pages the writer only appended to the log.
    await waitFor(() => statSync(filename).size > 500_000)
    await checkpointer.stop()
    expect(statSync(`${filename}-wal`).size).toBe(0)
    expect(walState(sqlite).log).toBe(0)
    expect(sqlite.prepare('select count(*) as n from things').get()).toEqual({ n: 2_000 })
    sqlite.close()
  })

  it('stops idempotently, also after its worker is gone', async () => {
    const { filename, sqlite } = walDatabase()
    const checkpointer = startCheckpointer(filename, { everyMs: 20 })
    await checkpointer.stop()
    await checkpointer.stop()
    sqlite.close()
  })

  it('reports a database it cannot open instead of throwing', async () => {
    const errors: string[] = []
    const checkpointer = startCheckpointer('/nonexistent-dir/db.sqlite', {
      onError: (message) => errors.push(message),
    })
    await checkpointer.stop()
    expect(errors.join()).toMatch(/directory does not exist|unable to open/)
  })
})

describe('connectDatabase on a SQLite file', () => {
  it('keeps the log short while the service writes, and leaves it empty after close', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'checkpointer-'))
    directories.push(directory)
    const filename = join(directory, 'db.sqlite')
    const database = connectDatabase<{ things: { id: Generated<number>; body: string } }>(
      `sqlite:${filename}`,
    )
    await sql`create table things (id integer primary key, body text not null)`.execute(database.db)
    for (let round = 0; round < 20; round++) {
      await database.db
        .insertInto('things')
        .values(Array.from({ length: 100 }, () => ({ body: 'y'.repeat(300) })))
        .execute()
    }
    await waitFor(() => statSync(filename).size > 500_000)
    await database.close()
    expect(statSync(`${filename}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0)
  })
})
