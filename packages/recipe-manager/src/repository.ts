/** What the domains' repositories share. */
import { CompiledQuery, type RawBuilder, sql } from 'kysely'
import type { DialectName, SqliteReader } from 'platform'
import type { DbOrTx } from './database.js'

/** What a slot compiles to: a parameter whose value names the call parameter that replaces it. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL text never changes, built and compiled by Kysely once per dialect and then run with
 * each call's parameters: the hot reads (get by id, a page's tags) otherwise spend about as much CPU
 * building and compiling the query as SQLite spends running it (the SQLite statement itself is prepared
 * once and reused by platform's statement cache, keyed by this text). `build` places the call's
 * parameters with `slot(i)`, the i-th of them; a slot may appear more than once.
 */
export function reusableQuery<Row>(
  build: (dialect: DialectName, slot: (index: number) => RawBuilder<unknown>) => RawBuilder<Row>,
) {
  const compiled = new Map<DialectName, { sql: string; order: number[] }>()
  const compiledFor = (db: DbOrTx, dialect: DialectName) => {
    let query = compiled.get(dialect)
    if (query === undefined) {
      const result = build(dialect, (index) => sql`${new Slot(index)}`).compile(db)
      query = { sql: result.sql, order: result.parameters.map((slot) => (slot as Slot).index) }
      compiled.set(dialect, query)
    }
    return query
  }
  const run = async (db: DbOrTx, dialect: DialectName, parameters: readonly unknown[]): Promise<Row[]> => {
    const query = compiledFor(db, dialect)
    const values = query.order.map((index) => parameters[index])
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, values))
    return rows
  }
  const prepared = new WeakMap<
    SqliteReader,
    { statement: ReturnType<SqliteReader['prepare']>; order: number[] }
  >()
  /**
   * The first row, read synchronously on platform's SQLite reader connection (committed rows only; see
   * `SqliteReader`), the statement prepared once per connection. `db` only compiles the SQL text.
   */
  const firstOnReader = (
    reader: SqliteReader,
    db: DbOrTx,
    parameters: readonly unknown[],
  ): Row | undefined => {
    let query = prepared.get(reader)
    if (query === undefined) {
      const { sql: text, order } = compiledFor(db, 'sqlite')
      query = { statement: reader.prepare(text), order }
      prepared.set(reader, query)
    }
    return query.statement.get(query.order.map((index) => parameters[index])) as Row | undefined
  }
  return Object.assign(run, { firstOnReader })
}
