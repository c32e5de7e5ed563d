import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely'

/**
 * Both dialects cap bound parameters per statement (SQLite 32,766, PostgreSQL 65,535); a multi-row
 * insert is split below that.
 */
const MAX_PARAMETERS_PER_INSERT = 30_000

/**
 * Inserts plain rows with multi-row `INSERT ... VALUES` statements written directly, the statement
 * Kysely's `insertInto(table).values(rows).execute()` would build for the same rows. Kysely builds an
 * operation tree per value and compiles it anew on every call, which made up about a tenth of the
 * service's busy time in the envelope-create benchmark (its target is 1,500 creates/s; BENCHMARKS.md,
 * "Envelope create"); this writes the SQL text in one pass. Values go to the driver unchanged, as with
 * Kysely; a column a row leaves `undefined` gets the column's default (`null` on SQLite, which has no
 * `DEFAULT` in `VALUES`, again as Kysely does). Runs in the caller's transaction when given one. Untyped:
 * each service wraps it with its schema's row types (the envelope service's `insertRows` in database.ts).
 */
export async function insertRows(
  db: Pick<Kysely<unknown>, 'executeQuery' | 'getExecutor'>,
  table: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const all = rows as readonly Record<string, unknown>[]
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / columnsOf(all).length))
  for (let at = 0; at < all.length; at += perInsert) {
    await db.executeQuery(insertStatement(table, all.slice(at, at + perInsert), postgres))
  }
}

/** Every column some row gives a value (not `undefined`), in first-seen order, as Kysely lists them. */
function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>()
  for (const row of rows) {
    for (const key in row) if (row[key] !== undefined) seen.add(key)
  }
  return [...seen]
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

export function insertStatement(
  table: string,
  rows: readonly Record<string, unknown>[],
  postgres: boolean,
): CompiledQuery {
  const columns = columnsOf(rows)
  const parameters: unknown[] = []
  const tuples: string[] = []
  for (const row of rows) {
    const values: string[] = []
    for (const column of columns) {
      const value = row[column]
      if (value === undefined) values.push(postgres ? 'default' : 'null')
      else {
        parameters.push(value)
        values.push(postgres ? `$${parameters.length}` : '?')
      }
    }
    tuples.push(`(${values.join(', ')})`)
  }
  const sql = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`
  return CompiledQuery.raw(sql, parameters)
}
