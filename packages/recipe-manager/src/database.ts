import type { Kysely, Transaction } from 'kysely'
import type { DemoTables } from './demo/tables.js'
import type { RecipeTables } from './recipes/tables.js'
import type { TagTables } from './tags/tables.js'

/** The whole schema: each domain contributes its tables. */
export interface Schema extends RecipeTables, TagTables, DemoTables {}

export type Db = Kysely<Schema>
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Kysely<Schema> | Transaction<Schema>

/** True when a database error is a violated unique constraint (either dialect). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** True when a database error is a violated foreign key (either dialect). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
