import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Shared access (DocuSign's user authorizations): a principal user lets an agent user of the same account act
 * on their behalf with one permission (manage, send, sign, edit) between a start and an optional end date.
 * Deleting one sets `deleted_at` rather than removing the row, so who was authorized when stays answerable.
 */
export function userAuthorizationsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_authorizations')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('principal_user_id', 'text', (column) => column.notNull().references('users.id'))
        .addColumn('agent_user_id', 'text', (column) => column.notNull().references('users.id'))
        .addColumn('permission', 'text', (column) => column.notNull())
        .addColumn('start_date', 'text', (column) => column.notNull())
        .addColumn('end_date', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addColumn('modified_at', 'text', (column) => column.notNull())
        .addColumn('modified_by', 'text', (column) => column.notNull())
        .addColumn('deleted_at', 'text')
        .execute()
      await db.schema
        .createIndex('user_authorizations_principal')
        .on('user_authorizations')
        .columns(['account_id', 'principal_user_id'])
        .execute()
      await db.schema
        .createIndex('user_authorizations_agent')
        .on('user_authorizations')
        .columns(['account_id', 'agent_user_id'])
        .execute()
    },
  }
}
