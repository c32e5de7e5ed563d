import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { connectDatabase } from 'platform'

/**
 * A PostgreSQL schema of its own for one benchmark run, dropped afterwards. Never the database's
 * `public` schema: the extensions live there, and the tables a benchmark left in it would be found
 * through the search path by the tests' unmigrated schemas.
 */
export function scratchSchema(
  postgresUrl: string,
  prefix: string,
): { url: string; drop: () => Promise<void> } {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`
  const url = new URL(postgresUrl)
  url.searchParams.set('schema', schema)
  return {
    url: url.toString(),
    drop: async () => {
      const database = connectDatabase(postgresUrl)
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
      } finally {
        await database.close()
      }
    },
  }
}
