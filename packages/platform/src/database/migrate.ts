import { type Kysely, type Migration, Migrator, sql } from 'kysely'
import type { Database, DialectName } from './connect.js'

/** Migrations are dialect-aware: full-text indexes and similar differ between SQLite and PostgreSQL. */
export type MigrationSet = (dialect: DialectName) => Record<string, Migration>

/**
 * Brings the schema up to date. Names sort lexically, so use `0001_initial`, `0002_...`.
 * On PostgreSQL the schema named in the URL is created first and holds the migration bookkeeping too.
 */
export async function migrateToLatest<DB>(database: Database<DB>, migrations: MigrationSet): Promise<void> {
  const db = database.db as Kysely<unknown>
  if (database.dialect === 'postgres' && database.schema) {
    await sql`create schema if not exists ${sql.id(database.schema)}`.execute(db)
  }
  const all = migrations(database.dialect)
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => all },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : ''
    throw new Error(`Database migration failed${where}: ${String((error as Error).message ?? error)}`, {
      cause: error,
    })
  }
}
