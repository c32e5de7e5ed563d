import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import type { Database, DialectName } from './connect.js'
import { ensureExtensions } from './extensions.js'

/** Migrations are dialect-aware: full-text indexes and similar differ between SQLite and PostgreSQL. */
export type MigrationSet = (dialect: DialectName) => Record<string, Migration>

/**
 * Brings the schema up to date. Names sort lexically, so use `0001_initial`, `0002_...`.
 * On PostgreSQL the schema named in the URL is created first and holds the migration bookkeeping too, and
 * the extensions the migrations use are installed (extensions.ts).
 */
export async function migrateToLatest<DB>(database: Database<DB>, migrations: MigrationSet): Promise<void> {
  const db = database.db as Kysely<unknown>
  if (database.dialect === 'postgres' && database.schema) {
    await sql`create schema if not exists ${sql.id(database.schema)}`.execute(db)
  }
  await ensureExtensions(database)
  const all = migrations(database.dialect)
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => all },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  })
  let { error, results } = await migrator.migrateToLatest()
  // Kysely's migrator looks for its bookkeeping table by reading every table and column of every schema
  // of the database; when another process drops its own schema at that moment (test suites do, on
  // teardown, two at a time on two cores), PostgreSQL answers for the objects that vanished mid-read (see
  // isVanishedObject). Nothing ran yet, so looking again, after a pause, is safe.
  // Looked at again for up to 10 s (not a number of tries: on a loaded machine with schemas dropped
  // back to back, ten tries in half a second were seen to all meet one).
  const giveUpAt = Date.now() + 10_000
  for (let attempt = 1; isVanishedObject(error) && !results?.length && Date.now() < giveUpAt; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(10 * attempt, 200)))
    ;({ error, results } = await migrator.migrateToLatest())
  }
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : ''
    throw new Error(`Database migration failed${where}: ${String((error as Error).message ?? error)}`, {
      cause: error,
    })
  }
}

/**
 * 3F000 "schema does not exist"; 42P01 "relation does not exist" for a table the look-up resolves by
 * name; 42703 "column does not exist" from `pg_get_serial_sequence` on a column of a table being
 * dropped; XX000 "cache lookup failed" from a catalog function meeting a row deleted under it.
 */
function isVanishedObject(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '3F000' || code === '42P01' || code === '42703') return true
  return code === 'XX000' && typeof message === 'string' && message.startsWith('cache lookup failed')
}
