import { sql } from 'kysely'
import type { Database } from 'platform'

const DUPLICATE_CODES = new Set(['23505', '42710'])

/**
 * Installs the PostgreSQL extensions the migrations need (pg_trgm, in schema `public`, which every
 * connection keeps on its search_path). Runs outside the migration transaction: two services starting
 * at once may both try to create it, and the loser's unique violation only means it already exists.
 */
export async function ensureExtensions<DB>(database: Database<DB>): Promise<void> {
  if (database.dialect !== 'postgres') return
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(database.db)
  } catch (error) {
    if (!DUPLICATE_CODES.has(String((error as { code?: unknown }).code))) throw error
  }
}
