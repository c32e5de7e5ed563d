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
  // Kysely's migrator looks for its bookkeeping table across every schema of the database; when another
  // process drops its own schema at that moment (test suites do, on teardown, two at a time on two
  // cores), PostgreSQL answers 3F000 "schema does not exist", or 42P01 "relation does not exist" for a
  // table of it the look-up resolves by name. Nothing ran yet, so looking again is safe.
  for (let attempt = 1; attempt < 5 && isVanishedSchema(error) && !results?.length; attempt++) {
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

function isVanishedSchema(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === '3F000' || code === '42P01'
}
