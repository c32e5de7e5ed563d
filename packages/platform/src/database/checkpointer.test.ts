import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
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

  it('stops idempotently: a second stop is the first one, and the log is truncated once', async () => {
    const { filename, sqlite } = walDatabase()
    sqlite.prepare('insert into things (body) values (?)').run('x'.repeat(10_000))
    expect(statSync(`${filename}-wal`).size).toBeGreaterThan(10_000)
    const checkpointer = startCheckpointer(filename, { everyMs: 60_000 })
    const first = checkpointer.stop()
    expect(checkpointer.stop()).toBe(first)
    await first
    expect(statSync(`${filename}-wal`).size).toBe(0)
    sqlite.prepare('insert into things (body) values (?)').run('y'.repeat(10_000))
    // The worker is gone: stopping again neither hangs nor checkpoints what was written since.
    await checkpointer.stop()
    expect(statSync(`${filename}-wal`).size).toBeGreaterThan(10_000)
    sqlite.close()
  })

  it('reports a file it cannot checkpoint instead of throwing', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'checkpointer-'))
    directories.push(directory)
    const filename = join(directory, 'not-a-database')
    writeFileSync(filename, 'plain text, not SQLite '.repeat(100))
    const errors: string[] = []
    const checkpointer = startCheckpointer(filename, {
      everyMs: 20,
      onError: (message) => errors.push(message),
    })
    await waitFor(() => errors.length > 0)
    await checkpointer.stop()
    expect(errors[0]).toMatch(/not a database/)
  })

  it('ends quietly when its database file is deleted while open, and stops at once afterwards', async () => {
    const { filename, sqlite } = walDatabase()
    const errors: string[] = []
    const checkpointer = startCheckpointer(filename, {
      everyMs: 20,
      onError: (message) => errors.push(message),
    })
    const insert = sqlite.prepare('insert into things (body) values (?)')
    for (let index = 0; index < 200; index++) insert.run('x'.repeat(2_000))
    rmSync(dirname(filename), { recursive: true, force: true })
    for (let index = 0; index < 200; index++) insert.run('x'.repeat(2_000))
    await new Promise((resolve) => setTimeout(resolve, 300))
    await checkpointer.stop()
    expect(errors).toEqual([])
    sqlite.close()
  })

  it('ends quietly when the file is deleted before its worker opens it', async () => {
    const { filename, sqlite } = walDatabase()
    sqlite.close()
    const errors: string[] = []
    const checkpointer = startCheckpointer(filename, { onError: (message) => errors.push(message) })
    rmSync(dirname(filename), { recursive: true, force: true })
    await checkpointer.stop()
    expect(errors).toEqual([])
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
