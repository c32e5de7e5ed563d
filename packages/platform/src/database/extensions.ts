import { sql } from 'kysely'
import type { Database } from './connect.js'

const DUPLICATE_CODES = new Set(['23505', '42710'])

/**
 * Installs the PostgreSQL extensions the services' migrations use (pg_trgm) in schema `public`, which every
 * connection keeps on its search_path, whatever schema its URL names. Runs before the migrations and outside
 * their transaction: two processes starting at once may both try to create one, and the loser's unique
 * violation only means it exists. Created inside a migration it would land in the connection's own schema
 * (a test's, dropped with it) and a parallel creator would abort the whole migration. An extension the server
 * does not offer is left out: the migrations check for it and keep working without its indexes.
 */
export async function ensureExtensions<DB>(database: Database<DB>, names: readonly string[] = ['pg_trgm']) {
  if (database.dialect !== 'postgres') return
  for (const name of names) {
    const available = await sql<{ name: string }>`
      select name from pg_available_extensions where name = ${name}`.execute(database.db)
    if (available.rows.length === 0) continue
    try {
      await sql`create extension if not exists ${sql.id(name)} schema public`.execute(database.db)
    } catch (error) {
      if (!DUPLICATE_CODES.has(String((error as { code?: unknown }).code))) throw error
    }
  }
}
