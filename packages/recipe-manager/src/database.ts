import type { Kysely, Transaction } from 'kysely'
import type { DemoTables } from './demo/tables.js'
import type { RecipeTables } from './recipes/tables.js'
import type { TagTables } from './tags/tables.js'

/** The whole schema: each domain contributes its tables. */
export interface Schema extends RecipeTables, TagTables, DemoTables {}

export type Db = Kysely<Schema>
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Kysely<Schema> | Transaction<Schema>

export { isForeignKeyViolation, isUniqueViolation } from 'platform'
