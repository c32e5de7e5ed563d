import type { Kysely, Transaction } from 'kysely'
import type { IdentityTables } from './identity/tables.js'

/** The whole schema: each domain contributes its tables. */
export interface Schema extends IdentityTables {}

export type Db = Kysely<Schema>
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Kysely<Schema> | Transaction<Schema>
